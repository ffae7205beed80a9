package validate

import (
	"strings"
	"testing"

	"github.com/storyd/storyd/config"
	"github.com/storyd/storyd/internal/mdfixture"
	"github.com/storyd/storyd/project"
)

func TestValidateReferences(t *testing.T) {
	dir := mdfixture.Project(t)
	mdfixture.WriteFiles(t, dir, map[string]string{"scenes/0004-x.md": strings.Replace(mdfixture.Scene(4, "X", "x"), "pov: c1", "pov: c9", 1)})
	p, err := project.LoadCached(project.Disk(dir), config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	probs := Project(p)
	var msgs []string
	for _, pr := range probs {
		msgs = append(msgs, pr.Error())
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, `scenes/0004-x.md:5: pov "c9" is not a character id`) {
		t.Errorf("missing pov problem in:\n%s", all)
	}
	if !strings.Contains(all, "no scene with seq 3 before this one") {
		t.Errorf("missing gap problem in:\n%s", all)
	}
}
