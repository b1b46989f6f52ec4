# zsh -f zsh-complete.zsh DIR LINE: types LINE and TAB into an interactive zsh
# on a pseudo-terminal (zpty), with the completion functions in DIR (_TOOL
# files) and compinit; DIR/out gets one line a match offered (see zsh-capture.zsh).
zmodload zsh/zpty
dir=$1 line=$2 here=${0:A:h}
export HARNESS_OUT=$dir/out
rm -f $HARNESS_OUT
zpty z zsh -f -i
zpty -w z "PROMPT=''; fpath=(${(q)dir} \$fpath); autoload -U compinit; compinit -u -D; source ${(q)here}/zsh-capture.zsh"
for i in {1..1200}; do [[ -f $HARNESS_OUT ]] && grep -q __READY__ $HARNESS_OUT && break; sleep 0.05; done
zpty -w -n z "$line"$'\t'
for i in {1..1200}; do grep -q __END__ $HARNESS_OUT && break; sleep 0.05; done
zpty -d z
grep -q __END__ $HARNESS_OUT
