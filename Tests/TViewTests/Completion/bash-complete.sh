#!/bin/bash
# Completions bash offers for the line $2 (run in $PWD), with the completion script $1, as the
# shell would call it on Tab: COMP_* set from the line, then the function that `complete` names.
source "$1" || exit 3
line="$2"
COMP_LINE="$line"
COMP_POINT=${#line}
read -ra COMP_WORDS <<< "$line"
[[ "$line" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
function=$(complete -p tview | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
"$function" tview "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
