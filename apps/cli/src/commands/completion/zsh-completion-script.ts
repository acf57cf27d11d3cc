/**
 * The zsh completion script: candidates with descriptions from `conduit __complete`.
 *
 * @example
 * ```ts
 * process.stdout.write(zshCompletionScript('conduit'));
 * ```
 */
export function zshCompletionScript(program: string): string {
  const name = program.replace(/[^A-Za-z0-9_]/g, '_');
  return `#compdef ${program}
# zsh completion for ${program}
# Install: ${program} completion zsh > "\${fpath[1]}/_${program}"   (then restart zsh)
#      or: echo 'source <(${program} completion zsh)' >> ~/.zshrc
_${name}() {
  local -a lines candidates
  local line value description tab=$'\\t'
  lines=("\${(@f)$(${program} __complete --shell zsh -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if [[ "\${lines[1]}" == ':files' ]]; then
    _files
    return
  fi
  for line in "\${lines[@]}"; do
    [[ -z "$line" ]] && continue
    value="\${line%%"$tab"*}"
    description="\${line#*"$tab"}"
    candidates+=("\${value//:/\\\\:}:\${description}")
  done
  _describe -t values '${program}' candidates
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _${name} "$@"
else
  compdef _${name} ${program}
fi
`;
}
