# Sourced by zsh-complete.zsh in the interactive zsh it drives: every match a
# completion adds is written to $HARNESS_OUT as the text it would insert
# (with the prefix and suffix it adds, such as _values' ',' after a list item),
# and __END__ once the completion widget is done.
compadd() {
  setopt localoptions extendedglob
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  local -a hits
  local pre= suf= i=1 a
  while (( i <= $# )); do
    a=${@[i]}
    [[ $a == -- ]] && break
    if [[ $a == -[qQfeUaklnC12]#S ]]; then suf=${@[i+1]}; (( i++ ))
    elif [[ $a == -[qQfeUaklnC12]#S?* ]]; then suf=${a#*S}
    elif [[ $a == -[qQfeUaklnC12]#P ]]; then pre=${@[i+1]}; (( i++ ))
    elif [[ $a == -[qQfeUaklnC12]#P?* ]]; then pre=${a#*P}
    fi
    (( i++ ))
  done
  builtin compadd -A hits "$@"
  local h
  for h in $hits; do print -r -- "$IPREFIX$pre$h$suf" >> $HARNESS_OUT; done
  builtin compadd "$@"
}
_harness_complete() { _main_complete; local s=$?; print -r -- __END__ >> $HARNESS_OUT; return s; }
zle -C harness-complete complete-word _harness_complete
bindkey '^I' harness-complete
print -r -- __READY__ >> $HARNESS_OUT
