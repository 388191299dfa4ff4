/* ym_shanten.h - shanten, agari and waits over uint8_t[34] counts (trusted input: every
 * count 0..4, total 13-3k or 14-3k for k = n_melds in 0..4; the Cython layer validates). */
#ifndef YM_SHANTEN_H
#define YM_SHANTEN_H

#include <stdint.h>

enum { YM_FORM_ALL = 0, YM_FORM_REGULAR = 1, YM_FORM_CHIITOITSU = 2, YM_FORM_KOKUSHI = 3 };

int ym_shanten_regular(const uint8_t *c, int n_melds);
int ym_shanten_chiitoitsu(const uint8_t *c);
int ym_shanten_kokushi(const uint8_t *c);
/* form: YM_FORM_*; chiitoitsu/kokushi only count when n_melds == 0 (else they give 99). */
int ym_shanten(const uint8_t *c, int n_melds, int form);
int ym_is_agari(const uint8_t *c, int n_melds);
/* Kinds (bit i = kind i) that complete a 13-3k hand in any shape, excluding kinds held 4 times. */
uint64_t ym_waits(const uint8_t *c, int n_melds);



/* Row validation for batch calls (no trust): 0 = ok, else YM_BAD_*. n_melds < 0 = infer from the
 * tile count; *k_out receives the meld count. want_mod: 0 = 13-3k or 14-3k, 1 = 13-3k only,
 * 2 = 14-3k only. */
enum { YM_OK = 0, YM_BAD_COPIES = 1, YM_BAD_COUNT = 2 };
int ym_check_hand(const uint8_t *c, int n_melds, int want_mod, int *k_out);
#endif
