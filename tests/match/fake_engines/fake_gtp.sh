#!/bin/sh
# A fake GTP engine for the referee's tests (`sh fake_gtp.sh MODE`). It accepts every command
# with an empty `=` answer and misbehaves at its first genmove the way MODE says:
#   illegal  answers d4, a square that is never empty (one of the four starting discs)
#   hang     never answers (sleeps), so it runs out of time or trips the hang guard
#   crash    writes a last word on stderr and dies of SIGSEGV
#   garbage  answers a line that is not GTP
#   refuse   answers `? ...` to genmove
#   resign   resigns
#   nostart  exits with code 3 before reading anything (an engine that cannot start)
set -f
mode=${1:-illegal}
echo "fake engine ($mode) started" >&2
[ "$mode" = nostart ] && { echo "fake: cannot start" >&2; exit 3; }
while IFS= read -r line; do
    set -- $line
    case "$1" in
        name) printf '= fake-%s\n\n' "$mode" ;;
        quit) printf '=\n\n'; exit 0 ;;
        genmove)
            case "$mode" in
                illegal) printf '= D4\n\n' ;;
                hang) echo "fake: thinking forever" >&2; sleep 1000 ;;
                crash) echo "fake: segfault coming" >&2; kill -SEGV $$ ;;
                garbage) printf 'this is not GTP\n\n' ;;
                refuse) printf '? not today\n\n' ;;
                resign) printf '= resign\n\n' ;;
                *) printf '= pass\n\n' ;;
            esac ;;
        *) printf '=\n\n' ;;
    esac
done
