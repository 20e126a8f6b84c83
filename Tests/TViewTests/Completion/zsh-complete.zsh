#!/bin/zsh -f
# Completions zsh offers for the line $2 (run in $PWD), with the completion function from folder $1.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT=''; RPROMPT=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'compadd () { local -a __hits; builtin compadd -O __hits "$@"; (( ${#__hits} )) && print -rl -- $'"'"'\x02'"'"'${^__hits}$'"'"'\x03'"'"'; builtin compadd "$@" }'
zpty -w z 'comppostfuncs=(__done); __done() { print -r -- $'"'"'\x02END\x03'"'"' }'
zpty -w -n z "$2"$'\t'
local all="" chunk
integer tries=0
while (( tries++ < 200 )); do
  if zpty -r -t z chunk; then all+="$chunk"; [[ "$all" == *$'\x02END\x03'* ]] && break; else sleep 0.05; fi
done
zpty -d z
# An error from the completion system (a malformed spec) is a failure too.
[[ "$all" == *_arguments:* || "$all" == *"command not found"* ]] && print -r -- "ERROR: ${all//[^[:print:]]/}"
local -a found=(${(f)"$(print -r -- "$all" | grep -ao $'\x02[^\x03]*\x03' | tr -d $'\x02\x03')"})
print -rl -- ${(u)found:#END}
