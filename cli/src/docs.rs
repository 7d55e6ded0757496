//! What is made from the grammar of [`args`](super::args) rather than written: the shell
//! completion scripts (`dlx-sudoku completions SHELL`, by clap_complete) and the manual pages
//! (`dlx-sudoku man DIR`, hidden, by clap_mangen); scripts/docs.sh makes both.
//!
//! Both are made in memory and then written, so a failed write is an error like any other:
//! clap_complete panics when its writer fails.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use clap::CommandFactory;

use super::args::{self, Cli, Completions, Man};
use super::Failure;

/// The name the completion scripts complete: the binary's.
const BIN: &str = "dlx-sudoku";

pub fn completions(options: &Completions) -> Result<(), Failure> {
    let mut script = Vec::new();
    clap_complete::generate(options.shell, &mut without_hidden_commands(), BIN, &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)
        .and_then(|()| out.flush())
        .map_err(Failure::write)
}

/// The grammar without its hidden commands (`man`): clap_complete would offer them.
fn without_hidden_commands() -> clap::Command {
    let cli = Cli::command();
    clap::Command::new(BIN)
        .version(env!("CARGO_PKG_VERSION"))
        .args(cli.get_arguments().cloned())
        .subcommands(cli.get_subcommands().filter(|c| !c.is_hide_set()).cloned())
}

/// Writes `dlx-sudoku.1` and `dlx-sudoku-COMMAND.1` for each command (not the hidden ones,
/// nor `help`) into the directory, made if missing.
pub fn man(options: &Man) -> Result<(), Failure> {
    let failed = |e| Failure::Io("writing the manual pages", e);
    fs::create_dir_all(&options.dir).map_err(failed)?;
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    let commands = std::iter::once(cli.clone()).chain(cli.get_subcommands().filter(|c| !c.is_hide_set()).cloned());
    for command in commands {
        let man = clap_mangen::Man::new(command);
        let mut page = Vec::new();
        man.render(&mut page).map_err(failed)?;
        let page = args::show_optional_values(&String::from_utf8_lossy(&page));
        let page = escape_non_ascii(&keep_indented_lines(&page));
        write(&options.dir.join(man.get_filename()), &page).map_err(failed)?;
    }
    Ok(())
}

/// The page with each run of lines indented in the help (the examples of an after-help
/// text) set as written, not filled into a paragraph: clap_mangen copies the text as it is,
/// and man would join the lines of an example and the output shown beside it.
fn keep_indented_lines(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    let mut in_block = false;
    for line in page.lines() {
        let indented = line.starts_with("  ");
        if indented != in_block {
            out.push_str(if indented { ".nf\n" } else { ".fi\n" });
            in_block = indented;
        }
        out.push_str(line);
        out.push('\n');
    }
    if in_block {
        out.push_str(".fi\n");
    }
    out
}

/// The page with each character outside ASCII (×, ², °…) written as roff's `\[uXXXX]`:
/// troff reads its input as Latin-1 unless told otherwise, and `man` tells it, but groff
/// alone and other readers do not.
fn escape_non_ascii(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    for c in page.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", c as u32));
        }
    }
    out
}

fn write(path: &Path, text: &str) -> io::Result<()> {
    fs::write(path, text).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    #[test]
    fn indented_lines_are_set_as_written_to_the_end() {
        assert_eq!(
            super::keep_indented_lines("Examples:\n  a | b\n  c\nExit\n"),
            "Examples:\n.nf\n  a | b\n  c\n.fi\nExit\n"
        );
        assert_eq!(
            super::keep_indented_lines("x\n  y\n"),
            "x\n.nf\n  y\n.fi\n",
            "closed at the end too"
        );
        assert_eq!(super::keep_indented_lines(" one space\n"), " one space\n");
    }

    #[test]
    fn non_ascii_is_written_as_roff_escapes() {
        assert_eq!(
            super::escape_non_ascii("4×4, 180° \\-"),
            "4\\[u00D7]4, 180\\[u00B0] \\-"
        );
    }
}
