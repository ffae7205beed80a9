// Package textfile holds what every hand-editable file of a storyd project
// shares, below packages config and project and the outline parser: the
// byte rule (plain UTF-8 without control characters; Check reports a file
// that breaks it at its line, Clean makes model output keep it), the
// optional byte-order mark, the "path:line: message" Problem a file is
// reported with, which `storyd validate` prints and which exits with code
// 3, and YAML as those files hold it: the file's line a YAML decoder's
// line number is on (YAMLLines), a key given twice (KeyTwiceMisfit), what does
// not fit a Go type, in the file's words (Shape), and a markdown file's
// strict frontmatter (ParseFrontmatter, RenderFrontmatter, FieldLine).
package textfile
