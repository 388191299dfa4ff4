from yakuman.cli import main

raise SystemExit(main())
