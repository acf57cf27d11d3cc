/**
 * The fish completion script: candidates with descriptions from `conduit __complete`.
 *
 * @example
 * ```ts
 * process.stdout.write(fishCompletionScript('conduit'));
 * ```
 */
export function fishCompletionScript(program: string): string {
  const name = program.replace(/[^A-Za-z0-9_]/g, '_');
  return `# fish completion for ${program}
# Install: ${program} completion fish > ~/.config/fish/completions/${program}.fish
function __${name}_complete
    set -l words (commandline -opc) (commandline -ct)
    set -e words[1]
    set -l lines (${program} __complete --shell fish -- $words 2>/dev/null)
    if test "$lines[1]" = ':files'
        __fish_complete_path (commandline -ct)
        return
    end
    printf '%s\\n' $lines
end
complete -c ${program} -f -a '(__${name}_complete)'
`;
}
