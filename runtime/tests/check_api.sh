#!/usr/bin/env bash
# Syntax-checks the orchestration API header against its usage tests.
#   api_usage_ok.cpp     must compile.
#   api_misuse/X.cpp     must compile with -DMISUSE_CONTROL (the correct
#                        spelling) and must FAIL without it, with a diagnostic
#                        matching the file's `// EXPECT: <ERE>` line.
# Only `g++ -fsyntax-only`: nothing is built, linked or run.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
inc="$here/../include"
CXX="${CXX:-g++}"
flags=(-std=c++17 -fsyntax-only -Werror -Wall -I "$inc")
fail=0

if "$CXX" "${flags[@]}" "$here/api_usage_ok.cpp"; then
    echo "PASS  api_usage_ok.cpp compiles"
else
    echo "FAIL  api_usage_ok.cpp does not compile"; fail=1
fi

for f in "$here"/api_misuse/*.cpp; do
    name="api_misuse/$(basename "$f")"
    expect="$(sed -n 's#^// EXPECT: ##p' "$f" | head -n1)"
    if [ -z "$expect" ]; then echo "FAIL  $name has no EXPECT line"; fail=1; continue; fi
    if ! ctl_err="$("$CXX" "${flags[@]}" -DMISUSE_CONTROL "$f" 2>&1)"; then
        echo "FAIL  $name: control variant does not compile"; echo "$ctl_err" | head -n 5; fail=1; continue
    fi
    if err="$("$CXX" "${flags[@]}" "$f" 2>&1)"; then
        echo "FAIL  $name compiles but must not"; fail=1; continue
    fi
    if echo "$err" | grep -Eq -- "$expect"; then
        echo "PASS  $name rejected: $(echo "$err" | grep -Em1 -- "$expect" | sed 's#^.*error: ##')"
    else
        echo "FAIL  $name rejected, but not with /$expect/:"; echo "$err" | grep -m3 'error' ; fail=1
    fi
done
exit $fail
