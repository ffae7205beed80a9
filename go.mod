module github.com/storyd/storyd

go 1.26

require (
	github.com/adrg/frontmatter v0.2.0
	github.com/gofrs/flock v0.13.1
	github.com/google/uuid v1.3.0
	github.com/kljensen/snowball v0.10.0
	github.com/philippgille/chromem-go v0.7.0
	github.com/pkoukk/tiktoken-go v0.1.8
	github.com/pkoukk/tiktoken-go-loader v0.0.2
	github.com/rogpeppe/go-internal v1.16.0
	github.com/sashabaranov/go-openai v1.43.0
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/urfave/cli/v3 v3.14.0
	github.com/yuin/goldmark v1.8.7
	golang.org/x/sys v0.47.0
	golang.org/x/term v0.44.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/BurntSushi/toml v0.3.1 // indirect
	github.com/dlclark/regexp2 v1.10.0 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/tools v0.26.0 // indirect
	gopkg.in/yaml.v2 v2.3.0 // indirect
)
