# zsh -f zsh-complete.zsh DIR LINE [fpath|source]: types LINE and TAB into an
# interactive zsh on a pseudo-terminal (zpty), with compinit and the completion
# files in DIR (_TOOL) found through fpath (default) or sourced after compinit;
# DIR/out gets one line a match offered (see zsh-capture.zsh).
zmodload zsh/zpty
dir=$1 line=$2 mode=${3:-fpath} here=${0:A:h}
export HARNESS_OUT=$dir/out
rm -f $HARNESS_OUT
zpty z zsh -f -i
if [[ $mode == source ]]; then
  zpty -w z "PROMPT=''; autoload -U compinit; compinit -u -D; for f in ${(q)dir}/_*; do source \$f; done; source ${(q)here}/zsh-capture.zsh"
else
  zpty -w z "PROMPT=''; fpath=(${(q)dir} \$fpath); autoload -U compinit; compinit -u -D; source ${(q)here}/zsh-capture.zsh"
fi
for i in {1..1200}; do [[ -f $HARNESS_OUT ]] && grep -q __READY__ $HARNESS_OUT && break; sleep 0.05; done
zpty -w -n z "$line"$'\t'
for i in {1..1200}; do grep -q __END__ $HARNESS_OUT && break; sleep 0.05; done
zpty -d z
grep -q __END__ $HARNESS_OUT
