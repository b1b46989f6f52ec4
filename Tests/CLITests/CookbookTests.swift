import Foundation
import Testing

/// One recipe of a cookbook: its title, its text, and its displays as shown
/// (the commands and their outputs; `run` is false for a display marked not
/// run).
struct Recipe: Equatable, Sendable, CustomStringConvertible {
    struct Display: Equatable, Sendable {
        var run: Bool
        var lines: [String]
    }
    var title: String
    var text: String
    var displays: [Display]
    var description: String { title }

    /// The files of `Tests/Fixtures/examples/` the recipe's text names.
    var fixtures: [String] {
        let prefix = "Tests/Fixtures/examples/"
        var names: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: prefix) {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || "._-".contains($0) }
            var trimmed = String(name)
            while trimmed.hasSuffix(".") { trimmed.removeLast() }
            if !trimmed.isEmpty { names.append(trimmed) }
            rest = rest[range.upperBound...]
        }
        return names
    }

    /// The commands of the displays that run, continuation lines included.
    var commands: [String] {
        displays.filter(\.run).flatMap { display in
            var commands: [String] = []
            var continued = false
            for line in display.lines {
                if line.hasPrefix("$ ") {
                    commands.append(String(line.dropFirst(2)))
                } else if continued, line.hasPrefix(" ") {
                    commands[commands.count - 1] += "\n" + line
                } else {
                    continued = false
                    continue
                }
                continued = line.hasSuffix("\\") || line.hasSuffix("|")
            }
            return commands
        }
    }
}

/// The README's cookbook (`## Cookbook`, a `### ` heading a recipe) and
/// numtools(7)'s (`.Sh COOKBOOK`, a `.Ss` a recipe), which is the same.
enum Cookbook {
    static func lines(_ path: String) -> [String] {
        let text =
            (try? String(contentsOf: ToolProcess.repository.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\n")
    }

    /// How a cookbook is marked up in its file.
    struct Markup: Sendable {
        /// The line that starts the cookbook, and the prefix of the next section's.
        var section: String, nextSection: String
        /// The prefix of a recipe's heading.
        var recipe: String
        /// The prefix of the line that opens a display, and the line that closes it.
        var open: String, isClose: @Sendable (String) -> Bool
        /// The prefix of the comment that marks the next display not run,
        /// and of any comment (not the recipe's text).
        var notRun: String, comment: String
        /// A display's line as shown (`path:LINE` names it).
        var shown: @Sendable (String, String) -> String
    }

    static let readmeMarkup = Markup(
        section: "## Cookbook", nextSection: "## ", recipe: "### ", open: "```", isClose: { $0.hasPrefix("```") },
        notRun: "<!-- not run: ", comment: "<!--",
        shown: { line, _ in line.replacingOccurrences(of: "<TAB>", with: "\t") })

    static let manPageMarkup = Markup(
        section: ".Sh COOKBOOK", nextSection: ".Sh ", recipe: ".Ss ", open: ".Bd -literal", isClose: { $0 == ".Ed" },
        notRun: ".\\\" not run: ", comment: ".\\\"",
        shown: { line, at in
            var problems: [String] = []
            return DocExamples.roff(line, at, &problems) ?? line
        })

    static func readme() -> [Recipe] { recipes(in: "README.md", readmeMarkup) }

    static func manPage() -> [Recipe] { recipes(in: "man/numtools.7", manPageMarkup) }

    /// The recipes of the cookbook of the file at `path`.
    static func recipes(in path: String, _ markup: Markup) -> [Recipe] {
        let lines = lines(path)
        guard let start = lines.firstIndex(of: markup.section) else { return [] }
        var recipes: [Recipe] = []
        var i = start + 1
        while i < lines.count, !lines[i].hasPrefix(markup.nextSection) {
            let line = lines[i]
            i += 1
            if line.hasPrefix(markup.recipe) {
                recipes.append(Recipe(title: String(line.dropFirst(markup.recipe.count)), text: "", displays: []))
                continue
            }
            guard !recipes.isEmpty else { continue }
            if line.hasPrefix(markup.open) {
                let run = !(i >= 2 && lines[i - 2].hasPrefix(markup.notRun))
                var body: [String] = []
                while i < lines.count, !markup.isClose(lines[i]) {
                    body.append(markup.shown(lines[i], "\(path):\(i + 1)"))
                    i += 1
                }
                i += 1
                recipes[recipes.count - 1].displays.append(Recipe.Display(run: run, lines: body))
            } else if !line.hasPrefix(markup.comment) {
                recipes[recipes.count - 1].text += line + "\n"
            }
        }
        return recipes
    }
}

/// Issue 45: a README read to the end, whose every recipe runs as written on
/// a file of `Tests/Fixtures/examples/` it names, and numtools(7) opening with
/// the same recipes (DocExampleTests runs them).
@Suite struct CookbookTests {
    @Test func theReadmeIsAtMost400Lines() throws {
        let text = try String(
            contentsOf: ToolProcess.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let count = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        #expect(count <= 400, "README.md has \(count) lines")
    }

    @Test func theCookbookHasOneTo15Recipes() {
        let recipes = Cookbook.readme()
        #expect(!recipes.isEmpty, "README.md has no '## Cookbook' with '### ' recipes")
        #expect(recipes.count <= 15, "\(recipes.count) recipes: \(recipes)")
    }

    @Test func eachRecipeRunsOnTheFixtureItNames() {
        let fixtures = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/examples")
        for recipe in Cookbook.readme() {
            let named = recipe.fixtures
            #expect(!named.isEmpty, "\(recipe): names no file of Tests/Fixtures/examples/")
            #expect(!recipe.commands.isEmpty, "\(recipe): no command that runs")
            let commands = recipe.commands.joined(separator: "\n")
            for name in named {
                #expect(
                    FileManager.default.fileExists(atPath: fixtures.appendingPathComponent(name).path),
                    "\(recipe): Tests/Fixtures/examples/\(name) does not exist")
                #expect(commands.contains(name), "\(recipe): names \(name), which no command reads")
            }
        }
    }

    @Test func numtoolsOpensWithTheSameCookbook() {
        let readme = Cookbook.readme()
        let page = Cookbook.manPage()
        #expect(!page.isEmpty, "numtools(7) has no COOKBOOK")
        #expect(page.map(\.title) == readme.map(\.title))
        for (a, b) in zip(readme, page) {
            #expect(a.displays == b.displays, "\(a): the README shows \(a.displays), numtools(7) \(b.displays)")
            #expect(a.fixtures == b.fixtures, "\(a): the README names \(a.fixtures), numtools(7) \(b.fixtures)")
        }
        // The cookbook is the first section after the description.
        let sections = Cookbook.lines("man/numtools.7").filter { $0.hasPrefix(".Sh ") }
        #expect(Array(sections.prefix(3)) == [".Sh NAME", ".Sh DESCRIPTION", ".Sh COOKBOOK"], "\(sections)")
    }
}
