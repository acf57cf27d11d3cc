/**
 * The bash completion script: a function that asks `conduit __complete` for the candidates of the
 * word under the cursor, so completion always matches the installed CLI.
 *
 * @example
 * ```ts
 * process.stdout.write(bashCompletionScript('conduit'));
 * ```
 */
export function bashCompletionScript(program: string): string {
  const name = program.replace(/[^A-Za-z0-9_]/g, '_');
  return `# bash completion for ${program}
# Install: ${program} completion bash > ~/.local/share/bash-completion/completions/${program}
#      or: echo 'source <(${program} completion bash)' >> ~/.bashrc
_${name}_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  local -a lines
  local line tab=$'\\t'
  COMPREPLY=()
  mapfile -t lines < <(${program} __complete --shell bash -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
  if [[ \${lines[0]-} == ':files' ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return 0
  fi
  for line in "\${lines[@]}"; do
    COMPREPLY+=("\${line%%"$tab"*}")
  done
  return 0
}
complete -F _${name}_complete ${program}
`;
}
