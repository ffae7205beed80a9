package config

import (
	"fmt"
	"net/url"
	"strings"
)

// BaseURLProblem says what is wrong with a server address ("" if nothing):
// storyd needs it whole, scheme and host. A missing scheme is not guessed:
// http:// would send the API key unencrypted to a hosted server, https://
// fails against a local one.
func BaseURLProblem(v string) (msg, hint string) {
	u, err := url.Parse(v)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		return "", ""
	}
	if !strings.Contains(v, "://") {
		return fmt.Sprintf("%q has no scheme", v), fmt.Sprintf("write the address whole: %q for a server on your machine or network, https:// for a hosted one (storyd does not guess: http:// would send the API key unencrypted)", "http://"+v)
	}
	return fmt.Sprintf("%q is not an http(s)://host[/path] address", v), "write it as http://localhost:11434/v1 (Ollama), http://localhost:1234/v1 (LM Studio) or https://api.example.com/v1"
}
