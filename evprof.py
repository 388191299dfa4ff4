import sys, random, time
sys.path.insert(0, "tools")
from ev_oracle_diff import random_hand, mpsz
from yakuman.ev import discard_ev
s = int(sys.argv[1]); n = int(sys.argv[2]); reps = int(sys.argv[3])
rng = random.Random(3)
hands = [random_hand(rng, s) for _ in range(n)]
hs = [mpsz(h[0]) for h in hands]
t = time.process_time()
for _ in range(reps):
    for h in hs:
        discard_ev(h, model="reference")
print((time.process_time() - t) / reps / n * 1e3, "ms/hand")
