import NumToolsCore

/// Shell completion scripts generated from a tool's option table, so the
/// completions can never drift from the options the tool parses.
public enum Completions {
    /// The shells completions are generated for.
    public static let shells = Shell.allCases.map(\.rawValue)

    /// The completion script for `shell`.
    public static func script(for tool: ToolDefinition, shell: Shell) -> String {
        switch shell {
        case .bash: return bash(tool)
        case .zsh: return zsh(tool)
        case .fish: return fish(tool)
        }
    }

    /// The shell command that lists the values an option completes with:
    /// `--complete-values`, names only, derived without formatting anything,
    /// so a TAB answers at once (`--list-locales` formats a sample a locale);
    /// words of its own (`C`, `auto:`) first, each written by `word` (zsh's
    /// `_values` and `_arguments` take a ':' as their own). Nil for files and
    /// for no completion.
    static func valuesCommand(
        _ tool: ToolDefinition, _ completion: OptionSpec.Completion, word: (String) -> String = { $0 }
    ) -> String? {
        func words(_ list: [String]) -> String { "printf '%s\\n' " + list.map(word).joined(separator: " ") }
        let locales = "\(tool.name) --complete-values locales 2>/dev/null"
        switch completion {
        case .none, .files: return nil
        case .locales: return words(["C"]) + "; " + locales
        case .numberSources: return words(["auto", "auto:", "C"]) + "; " + locales
        case .currencies: return "\(tool.name) --complete-values currencies 2>/dev/null"
        case .regions: return "\(tool.name) --complete-values regions 2>/dev/null"
        case .languages: return words(tool.languages())
        case .choices(let list): return words(list)
        }
    }

    /// Whether the values are read in any case (`usd` is USD, `de_de`
    /// de_DE): a completion matches them in any case too, and inserts each
    /// in its canonical case, as the listing writes it (USD, US, de_DE).
    static func anyCase(_ completion: OptionSpec.Completion) -> Bool {
        [.currencies, .regions, .locales, .numberSources].contains(completion)
    }

    static func functionName(_ tool: ToolDefinition) -> String {
        "_" + tool.name.replacing("-", with: "_")
    }

    static func bash(_ tool: ToolDefinition) -> String {
        let options = tool.allOptions
        let words = options.flatMap { spec -> [String] in
            var w = ["--" + spec.long]
            if let s = spec.short { w.append("-\(s)") }
            return w
        }
        var valueCases = ""
        for spec in options {
            guard case .required = spec.argument else { continue }
            let patterns = (["--" + spec.long] + (spec.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
            if spec.completion == .numberSources, let command = valuesCommand(tool, spec.completion),
                let locales = valuesCommand(tool, .locales)
            {
                // `auto:LOCALE,...` (one word when ':' is not in COMP_WORDBREAKS):
                // after `auto:`, a comma list of locales.
                valueCases += """
                            \(patterns))
                                if [[ -z "$auto" && "${cur,,}" == auto:* ]]; then auto=1 before+="${cur%%:*}:" cur="${cur#*:}"; fi
                                if [[ -n "$auto" ]]; then
                                    case "$cur" in *,*) before+="${cur%,*},"; cur="${cur##*,}";; esac
                                    words="$(\(locales))"
                                else
                                    words="$(\(command))"
                                fi
                                _numtools_offer
                                return;;

                    """
            } else if let command = valuesCommand(tool, spec.completion) {
                // A comma list (numconv --to de_DE,fr_FR) completes its last
                // item; a single value is completed whole.
                let item =
                    spec.isList
                    ? "\n            case \"$cur\" in *,*) before+=\"${cur%,*},\"; cur=\"${cur##*,}\";; esac" : ""
                // Names read in any case are matched in any case and offered
                // as written (`usd` completes to USD).
                let offer =
                    anyCase(spec.completion)
                    ? "            _numtools_offer"
                    : "            COMPREPLY=($(compgen -P \"$before\" -W \"$words\" -- \"$cur\"))"
                valueCases += """
                            \(patterns))\(item)
                                words="$(\(command))"
                    \(offer)
                                return;;

                    """
            } else if spec.completion == .files {
                valueCases += "        \(patterns)) _numtools_files; return;;\n"
            } else {
                valueCases += "        \(patterns)) return;;\n"
            }
        }
        // `--from auto:de_<TAB>`: bash splits the word at ':' (in
        // COMP_WORDBREAKS by default), so the option is found before `auto`.
        let autoList =
            options.contains { $0.completion == .numberSources }
            ? """

                # --from auto:LOCALE,...: bash splits the word at ':' (in COMP_WORDBREAKS
                # by default); the option is the one before 'auto' (or 'auto' is in
                # its --opt=auto word), and what follows ':' a comma list of locales.
                local auto="" a=0
                if ((COMP_CWORD >= 2)) && [[ "$cur" == ":" ]]; then
                    a=$((COMP_CWORD - 1)) cur=""
                elif ((COMP_CWORD >= 3)) && [[ "${COMP_WORDS[COMP_CWORD-1]}" == ":" ]]; then
                    a=$((COMP_CWORD - 2))
                fi
                if ((a > 0)) && [[ "${COMP_WORDS[a],,}" == auto || "${COMP_WORDS[a],,}" == --*=auto ]]; then
                    auto=1 before=""
                    if [[ "${COMP_WORDS[a]}" == --*=* ]]; then
                        option="${COMP_WORDS[a]%%=*}"
                    elif ((a >= 2)) && [[ "${COMP_WORDS[a-1]}" == "=" ]]; then
                        option="${COMP_WORDS[a-2]}"
                    else
                        option="${COMP_WORDS[a-1]}"
                    fi
                elif [[ "$cur" == "" ]] && ((a > 0)); then
                    cur=":"
                fi
            """ : ""
        let name = functionName(tool)
        return """
            # bash completion for \(tool.name), generated by `\(tool.name) --completion bash`
            \(name)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" option="" before="" words=""
                # File names, as readline completes them (`-o default`): for an
                # option that takes a file, an operand and after `<` or `>`.
                _numtools_files() {
                    if [[ -z "$before" ]]; then
                        compopt -o default 2>/dev/null
                        COMPREPLY=()
                    else
                        # --opt=FILE as one word ('=' not in COMP_WORDBREAKS).
                        compopt -o filenames 2>/dev/null
                        local IFS=$'\\n'
                        COMPREPLY=($(compgen -P "$before" -f -- "$cur"))
                    fi
                }
                # Names read in any case (`usd` is USD, `de_de` de_DE): those in
                # the case typed (`C`: C), or else those in any case, each as
                # written (`usd` completes to USD, never to usd).
                _numtools_offer() {
                    COMPREPLY=($(compgen -P "$before" -W "$words" -- "$cur"))
                    ((${#COMPREPLY[@]})) && return
                    local name
                    for name in $words; do
                        [[ "${name,,}" == "${cur,,}"* ]] && COMPREPLY+=("$before$name")
                    done
                }
                # The option whose value is being completed: the word before; for
                # --opt=VALUE the word before the '=' (bash splits the word there
                # when COMP_WORDBREAKS holds '=', as it does by default), or the
                # word's own part before its '=' (when it does not).
                if [[ "$cur" == "=" && "${COMP_WORDS[COMP_CWORD-1]}" == --* ]]; then
                    option="${COMP_WORDS[COMP_CWORD-1]}" cur=""
                elif ((COMP_CWORD >= 2)) && [[ "${COMP_WORDS[COMP_CWORD-1]}" == "=" && "${COMP_WORDS[COMP_CWORD-2]}" == --* ]]; then
                    option="${COMP_WORDS[COMP_CWORD-2]}"
                elif [[ "$cur" == --*=* ]]; then
                    option="${cur%%=*}" before="${cur%%=*}=" cur="${cur#*=}"
                elif ((COMP_CWORD >= 1)); then
                    option="${COMP_WORDS[COMP_CWORD-1]}"
                fi\(autoList)
                case "$option" in
            \(valueCases)    esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(words.joined(separator: " "))" -- "$cur"))
                else
                    _numtools_files
                fi
            }
            complete -F \(name) \(tool.name)

            """
    }

    static func zshEscape(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[")
            .replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    static func zsh(_ tool: ToolDefinition) -> String {
        var lines: [String] = []
        for spec in tool.allOptions {
            let help = zshEscape(spec.help)
            var action = ""
            switch spec.argument {
            case .none: break
            case .required(let value), .optional(let value):
                // A value name such as `LOCALE|auto[:LOCALE,...]` holds the
                // spec's own separators: escaped in the message, and only its
                // first word names the values.
                let message = zshEscape(value)
                let word = String(value.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
                if let command = valuesCommand(
                    tool, spec.completion, word: { $0.replacing(":", with: "$'\\x3a'") })
                {
                    let names = "${(f)\"$(\(command.replacing("'", with: "'\\''")))\"}"
                    if anyCase(spec.completion) {
                        // The names in the case typed (`C`: C), or else in
                        // any case, inserted as written: `usd` completes to
                        // USD, `de_ch` to de_CH; a comma list (`--to
                        // de_DE,fr_c`) item by item, each ending in a
                        // removable ','.
                        let matcher = "-M $'\\''m\\x3a{a-zA-Z}={A-Za-z}'\\''"
                        let add = spec.isList ? "compadd -q -S ," : "compadd"
                        let prefix = spec.isList ? "compset -P '\\''*,'\\''; " : ""
                        action = ":\(message):{\(prefix)\(add) -- \(names) || \(add) \(matcher) -- \(names)}"
                    } else if spec.completion == .numberSources {
                        // `auto:` is a value of its own, which `_values` would read
                        // as a value and its argument's message.
                        action = ":\(message):{compadd -- \(names)}"
                    } else {
                        // `_values -s ,` completes a comma list item by item; a
                        // single value never offers a comma.
                        let separator = spec.isList ? "-s , " : ""
                        action = ":\(message):{_values \(separator)\"\(word)\" \(names)}"
                    }
                } else if spec.completion == .files {
                    action = ":\(message):_files"
                } else {
                    action = ":\(message): "
                }
            }
            let equals: String
            switch spec.argument {
            case .none: equals = ""
            case .required: equals = "="
            case .optional: equals = "=-"
            }
            if let s = spec.short {
                lines.append("'(-\(s) --\(spec.long))'{-\(s),--\(spec.long)\(equals)}'[\(help)]\(action)'")
            } else {
                lines.append("'--\(spec.long)\(equals)[\(help)]\(action)'")
            }
        }
        lines.append("'*:value:_files'")
        return """
            #compdef \(tool.name)
            # zsh completion for \(tool.name), generated by `\(tool.name) --completion zsh`:
            # a file _\(tool.name) in $fpath, or sourced after compinit.
            \(functionName(tool))() {
              _arguments -s \\
                \(lines.joined(separator: " \\\n    "))
            }
            if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
              \(functionName(tool)) "$@"
            else
              compdef \(functionName(tool)) \(tool.name)
            fi

            """
    }

    static func fish(_ tool: ToolDefinition) -> String {
        let list = "__\(tool.name.replacing("-", with: "_"))_list_item"
        var text = """
            # fish completion for \(tool.name), generated by `\(tool.name) --completion fish`
            # The names on standard input, each after the items of the comma list
            # being completed (--to de_DE,fr_C: de_DE,fr_CA, de_DE,fr_CH, ...).
            function \(list)
                set -l token (commandline -ct)
                set -l prefix (string replace -r -- '^--[^=]*=' '' "$token" | string replace -r -- '[^,]*$' '')
                while read -l name
                    printf '%s\\n' "$prefix$name"
                end
            end

            """
        for spec in tool.allOptions {
            var line = "complete -c \(tool.name) -l \(spec.long)"
            if let s = spec.short { line += " -s \(s)" }
            switch spec.argument {
            case .none: break
            case .required, .optional:
                // A value, never a file name unless the option takes one.
                line += spec.completion == .files ? " -r" : " -x"
                if var command = valuesCommand(tool, spec.completion) {
                    if spec.isList {
                        command = (command.contains(";") ? "begin; \(command); end" : command) + " | \(list)"
                    }
                    line += " -a '(\(command.replacing("'", with: "\\'")))'"
                }
            }
            line += " -d '\(spec.help.replacing("'", with: "\\'"))'"
            text += line + "\n"
        }
        return text
    }
}
