package anchor

import (
	"slices"
	"strings"
	"testing"
)

func anchorTestEntities() []Entity {
	ents := []Entity{
		{ID: "c1", Names: []string{"Hester Thorne", "Hester", "Miss Thorne"}},
		{ID: "c2", Names: []string{"Colonel Brandt", "Brandt"}},
		{ID: "c3", Names: []string{"Mr. Darcy", "Darcy"}},
		{ID: "l1", Names: []string{"Wexcombe"}, Place: true},
		{ID: "l2", Names: []string{"Saltby Marshes", "the Saltby marshes", "Saltby"}, Place: true},
	}
	for i, e := range ents {
		if !e.Place {
			ents[i].Pronoun = PronounOf(e.Names)
		}
	}
	return ents
}

func TestPronounOf(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"Agnes Ashby", "Mrs. Ashby"}, "she"},
		{[]string{"Colonel Brandt", "Brandt"}, "he"},
		{[]string{"Jonah Pike", "Pike"}, ""},
		{[]string{"Lady Sir"}, "she"}, // the first word is the honorific
		{[]string{"Mr. Gray", "Miss Gray"}, ""},
		{[]string{"Miss"}, ""}, // a lone word is a name
	} {
		if got := PronounOf(c.names); got != c.want {
			t.Errorf("PronounOf(%q) = %q; want %q", c.names, got, c.want)
		}
	}
}

func TestFindAnchors(t *testing.T) {
	body := strings.Join([]string{
		"Hester Thorne owned a brass astrolabe engraved with a heron. The rain had stopped.",
		"Colonel Brandt was terrified of fire. He never smiled at strangers.",
		"Brandt spoke little of his father. He had sworn at the deathbed never to gamble again.",
		"\"I am afraid of nothing,\" said Brandt.",
		"Darcy had buried his sister's diary beneath the old yew.",
		"Miss Thorne could not help smiling. Miss Thorne could not swim a stroke.",
		"Hester had learned, and told no one, that the steward forged the accounts.",
		"Wexcombe was a drowned village. Wexcombe was mentioned at dinner.",
		"The Saltby marshes hid the wreck of a Dutch frigate.",
		"Later that week, long after the ball, Hester owned up to nothing.",
		"Mrs. Ashby was out. Brandt kept a loaded pistol in his desk.",
		"Wexcombe's churchyard held the grave of a highwayman. It had a lychgate of black oak. He was hanged there.",
		"Saltby lies east of the town. It hid a smugglers' road. She knew the name of the smuggler.",
		"Darcy rarely spoke of it. He knew where the papers were. Brandt had a horror of dogs.",
		"Mr. Darcy was out. She had hidden the key in the urn.",
		"Ever since the fire at Badajoz, Colonel Brandt carried a scar across his palm. Hester always counts the stairs. Hester had never been so cold.",
		"Brandt had a good dinner.",
		"Darcy had sewn the letter into his coat. Miss Thorne was secretly engaged to a curate.",
		"Brandt's most prized possession was a Spanish sabre. Hester had made a vow to leave the valley. Darcy had a habit of humming when he lied.",
		"Hester stowed the key behind the clock. Brandt had given his word to the vicar.",
		"Hester could not refuse, though she foresaw little pleasure in it. Brandt could not yet recover from the surprise.",
		"Even Hester began to fear the worst. Brandt was no sooner in possession of it than he left.",
		"Hester had never met such people. Darcy would never lie to a friend.",
		"“Why, Hester, you are right. Brandt never lied to me. You know it.” Darcy owned a grey mare.",
		"Hester kept a secret from her brother. Brandt's greatest fear was the sea. Darcy's promise to his sister weighed on him.",
		"Everyone in the village knew that Hester had sworn to stay. Such was my luck that in my Hester I possessed a friend.",
		"The new vicar was Mr. Darcy. He had buried the letters in the garden. Brandt rarely spoke. His greatest fear was the sea.",
		"Saltby lay to the east. Its church held the bones of a saint. The smugglers kept their powder there, in barrels.",
		"“I will never set foot on a boat,” said Brandt. “I am afraid of nothing,” said Hester. “Nor I. I promised my mother.”",
		"The letters were hidden by Hester under a loose board. The sabre belonged to Colonel Brandt. The way down was known only to Darcy. The house was visited by Darcy.",
		"“Keep the lantern lit,” Colonel Brandt told the groom. “I have been afraid of the dark since the siege.”",
		"“Nobody will look there,” Darcy grumbled. He had pushed the ledger behind the organ pipes in the chapel loft.",
		"“I give you my word,” Hester told the old shepherd, “your dog shall have a home with me.”",
		"“Come in,” said Darcy. “Sit down.” “I will never trust a banker,” Brandt went on.",
		"Brandt laughed at every danger. Small rooms were another matter: he would sooner sleep in the rain than in a cellar.",
		"“Nobody will miss it,” Darcy said. “I was a drummer boy at Salamanca before I could read.”",
	}, "\n\n")
	got := Find(7, body, anchorTestEntities())
	for _, a := range got {
		if a.Seq != 7 || a.Last != 7 {
			t.Errorf("anchor %q: seq %d, last %d; want 7", a.Text, a.Seq, a.Last)
		}
	}
	checkAnchorLines(t, got,
		"c1 owns: Hester Thorne owned a brass astrolabe engraved with a heron.",
		"c2 fears: Colonel Brandt was terrified of fire.",
		"c2 trait: He never smiled at strangers.",
		"c2 noted: Brandt spoke little of his father.",
		"c2 promised: He had sworn at the deathbed never to gamble again.",
		"c3 hid: Darcy had buried his sister's diary beneath the old yew.",
		"c1 cannot: Miss Thorne could not swim a stroke.",
		"c1 knows: Hester had learned, and told no one, that the steward forged the accounts.",
		"l1 is: Wexcombe was a drowned village.",
		"l2 hid: The Saltby marshes hid the wreck of a Dutch frigate.",
		// Not "owns" (owned up): a sentence naming Hester alone.
		"c1 noted (alone): Later that week, long after the ball, Hester owned up to nothing.",
		"c2 owns: Brandt kept a loaded pistol in his desk.",
		"l1 is: Wexcombe's churchyard held the grave of a highwayman.",
		"l1 is: It had a lychgate of black oak.",
		"l2 is: Saltby lies east of the town.",
		"l2 hid: It hid a smugglers' road.",
		"c3 knows: He knew where the papers were.",
		"c2 fears: Brandt had a horror of dogs.",
		"c2 owns: Ever since the fire at Badajoz, Colonel Brandt carried a scar across his palm.",
		"c1 trait: Hester always counts the stairs.",
		"c3 hid: Darcy had sewn the letter into his coat.",
		"c1 knows: Miss Thorne was secretly engaged to a curate.",
		"c2 owns: Brandt's most prized possession was a Spanish sabre.",
		"c1 promised: Hester had made a vow to leave the valley.",
		"c3 trait: Darcy had a habit of humming when he lied.",
		"c1 hid: Hester stowed the key behind the clock.",
		"c2 promised: Brandt had given his word to the vicar.",
		"c3 trait: Darcy would never lie to a friend.",
		"c3 owns: Darcy owned a grey mare.",
		"c1 knows: Hester kept a secret from her brother.",
		"c2 fears: Brandt's greatest fear was the sea.",
		"c3 promised: Darcy's promise to his sister weighed on him.",
		"c1 promised: Everyone in the village knew that Hester had sworn to stay.",
		"c3 hid: He had buried the letters in the garden.",
		"c2 fears: His greatest fear was the sea.",
		"l2 is: Saltby lay to the east.",
		"l2 is: Its church held the bones of a saint.",
		"l2 noted: The smugglers kept their powder there, in barrels.",
		"c2 trait: “I will never set foot on a boat,” said Brandt.",
		"c1 hid: The letters were hidden by Hester under a loose board.",
		"c2 owns: The sabre belonged to Colonel Brandt.",
		"c3 knows: The way down was known only to Darcy.",
		// A line naming no one but its speaker.
		"c2 noted (alone): “Keep the lantern lit,” Colonel Brandt told the groom.",
		"c2 fears: “I have been afraid of the dark since the siege.”",
		"c3 noted: He had pushed the ledger behind the organ pipes in the chapel loft.",
		"c1 promised: “I give you my word,” Hester told the old shepherd, “your dog shall have a home with me.”",
		"c2 trait: “I will never trust a banker,” Brandt went on.",
		"c2 noted: Small rooms were another matter: he would sooner sleep in the rain than in a cellar.",
		"c3 is: “I was a drummer boy at Salamanca before I could read.”",
	)
}

func TestFindAnchorsProperNamesCapabilities(t *testing.T) {
	ents := []Entity{
		{ID: "c1", Names: []string{"Grace Allard", "Grace"}},
		{ID: "c2", Names: []string{"Colonel Brandt", "Brandt"}},
		{ID: "l1", Names: []string{"the Saltby marshes"}, Place: true},
	}
	body := strings.Join([]string{
		// A common noun is not the name it spells.
		"But grace was wanting in every movement she made that evening.",
		"Grace Allard walked to the village church before breakfast every day.",
		"the Saltby marshes hid the wreck of a frigate.",
		// A belonging as a noun; telling one thing from another is a skill.
		"Brandt's chief possession was a Portuguese sabre with a broken guard.",
		"Grace could not tell one hymn from another, though she sang them all.",
		"Brandt could not tell what she meant by it.",
	}, "\n\n")
	checkAnchorLines(t, Find(3, body, ents),
		"c1 noted: Grace Allard walked to the village church before breakfast every day.",
		"l1 hid: the Saltby marshes hid the wreck of a frigate.",
		"c2 owns: Brandt's chief possession was a Portuguese sabre with a broken guard.",
		"c1 cannot: Grace could not tell one hymn from another, though she sang them all.",
	)
}

func TestClassifyFact(t *testing.T) {
	for _, c := range []struct {
		text  string
		place bool
		want  string
	}{
		{"Owns a brass astrolabe engraved with a heron.", false, Owns},
		{"Swore never to sell the mill.", false, Promised},
		{"Is afraid of deep water.", false, Fears},
		{"Second of five sisters.", false, Fact},
		{"A drowned chapel; its bell can still be heard.", true, Fact},
	} {
		if got := Classify(c.text, c.place); got != c.want {
			t.Errorf("Classify(%q) = %s; want %s", c.text, got, c.want)
		}
	}
}

func TestNameMatcherWithout(t *testing.T) {
	m := NewMatcher(anchorTestEntities())
	// The names' occurrences go; a word a name also uses stays elsewhere.
	got := m.Without("Colonel Brandt's men ride past the Saltby marshes to other marshes near Wexcombe.")
	if want := "men ride past to other marshes near"; got != want {
		t.Errorf("without = %q; want %q", got, want)
	}
}

// A subject set off from its verb by a clause between commas is still the
// subject: the clause is not read as the relation's window.
func TestFindAnchorsParenthetical(t *testing.T) {
	ents := anchorTestEntities()
	for _, c := range []struct{ text, kind string }{
		{"Hester Thorne, who had come from Bath in the spring with her books, could not swim.", Cannot},
		{"Colonel Brandt, the oldest officer in the whole of the county, never lied.", Trait},
		{"Hester, as everyone in the village had long since learned, feared thunder.", Fears},
		// an adverb after the verb; a pattern longer than three words
		{"Colonel Brandt, the saddler's youngest brother, was deathly afraid of geese.", Fears},
		{"Hester Thorne, who had taught at the school for a decade, could not tell one psalm tune from another.", Cannot},
	} {
		checkOneAnchor(t, c.text, Find(1, c.text, ents), c.kind)
	}
	// The clause is short, and the verb must follow it at once.
	for _, text := range []string{
		"Hester, who had come from Bath in the spring with her books and her two trunks and a cat, could not swim.",
		// (Not "… though she could not swim": a clause opening with a
		// pronoun for the subject says more of it, TestFindAnchorsClausePronoun.)
		"Hester Thorne, who had come from Bath, walked to the shore where the boys could not swim.",
	} {
		if got := Find(1, text, ents); slices.ContainsFunc(got, func(a Anchor) bool { return a.Kind == Cannot }) {
			t.Errorf("Find(%q) = %+v; want no inability", text, got)
		}
	}
}

// Two noted sentences in a row about one entity are one anchor when
// together short; apart, or long, or of two entities, they stay two.
func TestFindAnchorsJoinsNoted(t *testing.T) {
	ents := anchorTestEntities()
	got := Find(1, "Colonel Brandt laughed at most dangers in the field. Small closed rooms were another matter: he would sooner walk all night.", ents)
	if len(got) != 1 || got[0].Kind != Noted || !strings.Contains(got[0].Text, "dangers in the field. Small closed rooms") {
		t.Errorf("joined = %+v; want one noted anchor of both sentences", got)
	}
	for _, body := range []string{
		// a sentence between them
		"Colonel Brandt laughed at most dangers in the field. Brandt nodded. Small closed rooms were another matter: he would sooner walk all night.",
		// another entity
		"Colonel Brandt laughed at most dangers in the field. Hester Thorne walked home along the cliffs alone.",
		// too long together to come unpointed
		"Colonel Brandt laughed at most dangers in the field and at most of the men who had led him into them. Small closed rooms were another matter: he would sooner walk all night.",
	} {
		if got := Find(1, body, ents); len(got) != 2 {
			t.Errorf("Find(%q) = %+v; want two anchors", body, got)
		}
	}
}

// A speaker's line in the first person is about the speaker wherever its
// "I", "me" or "my" stands (a moment after its "I" is none, a "never" about
// someone else does not make one; a name inside the quotation is whom the
// line addresses, not its speaker); a pledge of honour on what he will do is a
// promise, the exclamation is not; a name further into a sentence after a
// clause's opening word, its verb next, is that clause's subject; a name
// that ends a sentence is none.
func TestFindAnchorsSpeakerAndClauseSubjects(t *testing.T) {
	ents := anchorTestEntities()
	body := strings.Join([]string{
		"“Careful with that case,” said Brandt. “There is a violin in it that my grandfather won at cards.”",
		"“On my honour, I will bring your sister home,” Colonel Brandt told the girl.",
		"“Upon my word,” cried Hester, “that is too much.”",
		"Everyone liked her, and few guessed that Hester Thorne had lost all sense of smell in a fever.",
		"“The key is where Darcy will never look,” said Hester, “under my pillow.”",
		"“I could not help laughing at my cousin,” said Hester.",
		"“My dear Brandt,” exclaimed he, “how glad I am to see you at last!”",
		"She said as much on the stairs to her cousin, Mr. Darcy.",
		"The room was cold in the evenings and Darcy rang for a fire at once.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, ents),
		"c2 noted: “There is a violin in it that my grandfather won at cards.”",
		"c2 promised: “On my honour, I will bring your sister home,” Colonel Brandt told the girl.",
		"c1 noted: “Upon my word,” cried Hester, “that is too much.”",
		"c1 noted: Everyone liked her, and few guessed that Hester Thorne had lost all sense of smell in a fever.",
		"c1 noted: “The key is where Darcy will never look,” said Hester, “under my pillow.”",
		// No clause subject (no verb a shape knows after the name): only
		// the one name in it says whom it is about.
		"c3 noted (alone): The room was cold in the evenings and Darcy rang for a fire at once.",
	)
}

// What a character is, as the book describes him, is an anchor of that
// kind: the name or a possessive as the subject of "was a", "is an";
// a degree or a while ("was a little surprised") is not.
func TestFindAnchorsCharacterIs(t *testing.T) {
	ents := anchorTestEntities()
	body := strings.Join([]string{
		"Hester Thorne was not given to vanity. Her one extravagance was a music box from Basle.",
		"Colonel Brandt, who was older than anyone at the table, was an amiable and patient man.",
		"Darcy was a little surprised by the answer she gave him.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, ents),
		"c1 noted: Hester Thorne was not given to vanity.",
		"c1 is: Her one extravagance was a music box from Basle.",
		"c2 is: Colonel Brandt, who was older than anyone at the table, was an amiable and patient man.",
		"c3 noted: Darcy was a little surprised by the answer she gave him.",
	)
}

// A line of dialogue that no known speaker says, opening a quotation again
// right after one that named a place and no one, goes on about the place;
// a place in a sentence's subject, its verb next, is what the sentence
// describes.
func TestFindAnchorsPlaceTalkAndSubject(t *testing.T) {
	ents := anchorTestEntities()
	body := strings.Join([]string{
		"“Don't go near Wexcombe after dark,” the carter warned. “The keepers have set mantraps all along the ride.”",
		"“We went to Wexcombe on Sunday,” said the girl, “and it rained. The keepers have set mantraps along the ride.”",
		"The portrait on the great stair at Saltby was not of the old squire, as visitors supposed.",
		"The carriage went on through Saltby and the rain came on again.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, ents),
		// The warning names Wexcombe alone; what the carter goes on to say joins it.
		"l1 noted (alone): “Don't go near Wexcombe after dark,” the carter warned. “The keepers have set mantraps all along the ride.”",
		"l2 noted: The portrait on the great stair at Saltby was not of the old squire, as visitors supposed.",
	)
}

// After a sentence about a place and no one, one opening with "The" and
// naming nothing goes on about the place; after one naming someone too, it
// does not.
func TestFindAnchorsPlaceTopic(t *testing.T) {
	ents := anchorTestEntities()
	body := strings.Join([]string{
		"Wexcombe was a drowned village. The chapel bell could still be heard at the turn of the tide.",
		"Saltby lay east of the town, and Hester walked there. The fog came in over the reeds before noon.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, ents),
		"l1 is: Wexcombe was a drowned village.",
		"l1 noted: The chapel bell could still be heard at the turn of the tide.",
		"l2 is: Saltby lay east of the town, and Hester walked there.",
	)
}

// A habit told by what nobody ever saw the character do: the name is the
// perception's object, not the subject; a single sighting is no habit.
func TestFindAnchorsNeverSeen(t *testing.T) {
	ents := anchorTestEntities()
	for _, c := range []struct{ text, kind string }{
		{"No one at the mill had ever heard Colonel Brandt raise his voice; he gave his orders in a whisper.", Trait},
		{"Nobody had ever seen Hester take off her gloves indoors.", Trait},
		{"Darcy had seen Hester walk down to the river at dawn.", ""},
		{"Nobody had ever seen such a storm over Wexcombe as the one that broke that night.", ""},
	} {
		got := Find(1, c.text, ents)
		if c.kind == "" {
			if slices.ContainsFunc(got, func(a Anchor) bool { return a.Kind == Trait }) {
				t.Errorf("Find(%q) = %+v; want no trait", c.text, got)
			}
			continue
		}
		checkOneAnchor(t, c.text, got, c.kind)
	}
}

// A clause opening with "but", "and", "though" … and a pronoun for the
// sentence's subject says more of it, after a list that is not the fact;
// a conditional clause ("if") does not.
func TestFindAnchorsClausePronoun(t *testing.T) {
	ents := anchorTestEntities()
	for _, c := range []struct{ text, kind string }{
		{"Hester could sew, spin, salt a ham and shoe a pony, but she had never learned to tell one coin from another.", Cannot},
		{"Colonel Brandt rode, fenced and shot as well as any man in the county, yet he was terrified of deep water.", Fears},
		{"Hester walked down to the river every morning, and she could not swim a stroke.", Cannot},
		{"Hester would walk down to the river every morning if she could not sleep.", ""},
		{"Colonel Brandt looked up from his papers, but she could not swim.", ""}, // "she" is not Brandt
	} {
		got := Find(1, c.text, ents)
		if c.kind == "" {
			if len(got) > 0 && got[0].Kind != Noted {
				t.Errorf("Find(%q) = %+v; want no typed anchor", c.text, got)
			}
			continue
		}
		checkOneAnchor(t, c.text, got, c.kind)
	}
}

// A character introduced as a copula's complement ("The new vicar was Mr.
// Darcy."): what the next sentence's "He" says of him is kept though it
// holds a "never"; without the introduction such a sentence is a moment.
func TestFindAnchorsIntroduced(t *testing.T) {
	ents := anchorTestEntities()
	got := Find(1, "The new vicar was Mr. Darcy. He had worn black, never a coloured coat, since the day of his brother's drowning.", ents)
	if len(got) != 1 || got[0].Entity != "c3" || !strings.Contains(got[0].Text, "never a coloured coat") {
		t.Errorf("introduced: got %+v; want Darcy's sentence about the coat", got)
	}
	got = Find(1, "Darcy came in late. He had never been so cold, not even on the moor in the winter.", ents)
	if len(got) != 0 {
		t.Errorf("not introduced: got %+v; want none", got)
	}
	// The introduction names the character last, alone, after "was".
	got = Find(1, "The letter was for Hester and Darcy. He had never been so cold, not even on the moor in the winter.", ents)
	if len(got) != 0 {
		t.Errorf("two names: got %+v; want none", got)
	}
}

// A speech's next sentence, naming no one, goes on with its speaker's line
// when that line is an anchor of the speaker; only the next one, and never
// on its own.
func TestFindAnchorsSpeechGoesOn(t *testing.T) {
	ents := anchorTestEntities()
	got := Find(1, `"I know what my uncle did with the ring," Hester Thorne said softly, "and it was not sold. It lies in the well at the mill, under the third step." Darcy looked away. "It is late."`, ents)
	if len(got) != 1 || got[0].Entity != "c1" || !strings.Contains(got[0].Text, "under the third step") {
		t.Errorf("goes on: got %+v; want Hester's line with the next sentence", got)
	}
	got = Find(1, `"Come in," Hester said, "and shut the door. It lies in the well at the mill, under the third step. The key is under the mat."`, ents)
	if len(got) != 0 {
		t.Errorf("a line that is no anchor: got %+v; want none", got)
	}
}

// A promise in reported speech: the character told someone he would do
// something.
func TestFindAnchorsReportedPromise(t *testing.T) {
	ents := anchorTestEntities()
	got := Find(1, "Hester had told the rector's sister she would mend every hassock in the church by Easter.", ents)
	if len(got) != 1 || got[0].Kind != Promised {
		t.Errorf("got %+v; want one promise", got)
	}
	if k := Classify("Brandt assured the widow that he should have the roof mended before winter.", false); k != Promised {
		t.Errorf("Classify = %q; want %q", k, Promised)
	}
}

// A sentence's subject may follow an opening prepositional phrase with no
// comma and no verb ("From the harbour wall Hester had watched …"): the
// sentence is about her. Not a phrase with a verb in it, nor a place.
func TestFindAnchorsAfterPhrase(t *testing.T) {
	ents := anchorTestEntities()
	for _, text := range []string{
		"From the harbour wall Hester Thorne had watched the excise cutter run aground on the bar.",
		"Among the presents Colonel Brandt gave away that winter were a clock, a dog and a sword.",
	} {
		checkOneAnchor(t, text, Find(1, text, ents), Noted)
	}
	for _, text := range []string{
		"From the harbour wall they watched as Hester Thorne ran down to the cutter on the bar.",
		"In the long gallery at Wexcombe the portraits hung crooked in the afternoon light.",
	} {
		// No shape reads them; the one name in the second says whom it
		// is about (alone).
		if got := Find(1, text, ents); slices.ContainsFunc(got, func(a Anchor) bool { return !a.Alone }) {
			t.Errorf("Find(%q) = %+v; want none a shape read", text, got)
		}
	}
}

// "There were …" with a place after a locative in its first clause says
// what the place is.
func TestFindAnchorsExistential(t *testing.T) {
	ents := anchorTestEntities()
	text := "There were two inns at Wexcombe, and only the smaller one would take in a soldier."
	if got := Find(1, text, ents); len(got) != 1 || got[0].Entity != "l1" || got[0].Kind != Is {
		t.Errorf("Find(%q) = %+v; want one place anchor of Wexcombe", text, got)
	}
	for _, text := range []string{
		"There was a rumour that Wexcombe would be sold to a brewer.", // not after a locative
		"Hester Thorne said there were wolves at Wexcombe in her grandfather's day.",
	} {
		if got := Find(1, text, ents); slices.ContainsFunc(got, func(a Anchor) bool { return a.Kind == Is }) {
			t.Errorf("Find(%q) = %+v; want no place anchor", text, got)
		}
	}
}

// A speech tag the sentence splitter cut from its words after a question
// is put back, a pronoun tag names the previous sentence's character, and
// the speaker's lines stating nothing of their own go on with that
// sentence's anchor; never an anchor alone.
func TestFindAnchorsSpeakerGoesOn(t *testing.T) {
	ents := anchorTestEntities()
	for _, text := range []string{
		`Hester Thorne smiled at the magistrate's question. "My wealth?" she said. "A brass telescope that belonged to a pirate, and nothing else."`,
		`Hester Thorne smiled at the magistrate's question. "My wealth?" said she, coolly. "A brass telescope that belonged to a pirate, and nothing else."`,
	} {
		got := Find(1, text, ents)
		if len(got) != 1 || got[0].Entity != "c1" || !strings.Contains(got[0].Text, "brass telescope") {
			t.Errorf("Find(%q) = %+v; want one anchor of Hester with the telescope", text, got)
		}
	}
	for _, text := range []string{
		// no anchor before the line to go on with
		`"My wealth?" she said. "A brass telescope that belonged to a pirate, and nothing else."`,
		// the tag stands for another character
		`Hester Thorne smiled at the magistrate's question. "My wealth?" he said. "A brass telescope that belonged to a pirate, and nothing else."`,
	} {
		if got := Find(1, text, ents); slices.ContainsFunc(got, func(a Anchor) bool { return strings.Contains(a.Text, "telescope") }) {
			t.Errorf("Find(%q) = %+v; want no anchor of the telescope", text, got)
		}
	}
}

// checkOneAnchor fails t unless got, what Find made of text, is one
// anchor of that kind.
func checkOneAnchor(t *testing.T, text string, got []Anchor, kind string) {
	t.Helper()
	if len(got) != 1 || got[0].Kind != kind {
		t.Errorf("Find(%q) = %+v; want one %s anchor", text, got, kind)
	}
}

// checkAnchorLines fails t unless the anchors, one "entity kind: text"
// line each, are the want lines in order.
func checkAnchorLines(t *testing.T, got []Anchor, want ...string) {
	t.Helper()
	var lines []string
	for _, a := range got {
		kind := a.Kind
		if a.Alone {
			kind += " (alone)" // no shape read it
		}
		lines = append(lines, a.Entity+" "+kind+": "+a.Text)
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// A sentence no shape reads is about the one entity it names, whatever
// its shape (a passive with the owner last, another's words about her, a
// tag mid-line, an object, another named in an aside), or, naming none, about the character its
// pronoun stands for; not when it names two, says little beyond the
// name, holds what the patterns turn down as a moment ("could not
// refuse"), has another subject before the name, or is a line naming another
// than its speaker when the speaker speaks of himself too. A line naming
// one other than its speaker, or with no speaker the book knows, is about
// the one it names.
func TestFindAnchorsAlone(t *testing.T) {
	ents := anchorTestEntities()
	body := strings.Join([]string{
		"A silver watch with a cracked crystal had been left to Colonel Brandt by his old commander.",
		"Hester Thorne's one weakness, her aunts maintained, was that she could not sing in tune.",
		"“The orchard,” murmured Colonel Brandt, “was sold long ago to pay the regiment's debts.”",
		"Only on Sundays did Colonel Brandt open his snuff box.",
		"Nobody in the valley doubted Mr. Darcy. Yet he had forged the will, in a hand copied from the old steward's letters.",
		"No one could climb to Saltby from the shore, for its cliffs had fallen in the great storm.",
		"A silver watch had been left to Colonel Brandt by Mr. Darcy's father.",
		"Not once, in all the years Hester knew him, did Colonel Brandt speak of his first wife or her family in Lisbon.",
		"Nobody could say what Hester would think of it.",
		"Hester could not refuse, though she foresaw little pleasure in it.",
		"We walked out past the old mill and the ferry to Wexcombe.",
		"“Darcy sold the orchard long ago to pay his debts,” said Hester.",
		"“Colonel Brandt sleeps with a loaded pistol under his pillow,” the groom whispered.",
		"“I could not help laughing at Darcy's new hat this morning,” said Hester.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, ents),
		"c2 noted (alone): A silver watch with a cracked crystal had been left to Colonel Brandt by his old commander.",
		"c1 noted (alone): Hester Thorne's one weakness, her aunts maintained, was that she could not sing in tune.",
		"c2 noted (alone): “The orchard,” murmured Colonel Brandt, “was sold long ago to pay the regiment's debts.”",
		"c2 noted (alone): Only on Sundays did Colonel Brandt open his snuff box.",
		"c3 noted (alone): Yet he had forged the will, in a hand copied from the old steward's letters.",
		"l2 noted (alone): No one could climb to Saltby from the shore, for its cliffs had fallen in the great storm.",
		"c2 noted (alone): Not once, in all the years Hester knew him, did Colonel Brandt speak of his first wife or her family in Lisbon.",
		"c3 noted (alone): “Darcy sold the orchard long ago to pay his debts,” said Hester.",
		"c2 noted (alone): “Colonel Brandt sleeps with a loaded pistol under his pillow,” the groom whispered.",
	)
}

// A subject's relation is read up to another entity named as the subject
// of its own verb: what follows is that one's ("Hester said that Darcy
// could not …"); a name with no verb of its own does not end it ("told
// Brandt she would …").
func TestFindAnchorsOwnClause(t *testing.T) {
	body := strings.Join([]string{
		"Hester said at supper that Darcy could not dance a step.",
		"According to Hester, Colonel Brandt could not read a word.",
		"Hester told Brandt she would keep the old dog until spring.",
		"Darcy told Hester that Brandt kept a pistol in his desk.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c3 cannot: Hester said at supper that Darcy could not dance a step.",
		"c2 cannot: According to Hester, Colonel Brandt could not read a word.",
		"c1 promised: Hester told Brandt she would keep the old dog until spring.",
		"c2 owns: Darcy told Hester that Brandt kept a pistol in his desk.", // an irregular past
	)
}

// A clause reported after "that" with another entity as its subject
// states a fact about that one too: its sentence is an anchor of both.
func TestFindAnchorsReported(t *testing.T) {
	body := strings.Join([]string{
		"Hester swore to the vicar that Colonel Brandt had never once signed his own name in the parish book.",
		"Everyone in the lane agreed that Darcy made the worst punch in the county.",
		"Hester told the vicar that Darcy would call on the new curate before the week was out.",
		"Hester said that Colonel Brandt was in the garden.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c1 promised: Hester swore to the vicar that Colonel Brandt had never once signed his own name in the parish book.",
		"c2 noted (alone): Hester swore to the vicar that Colonel Brandt had never once signed his own name in the parish book.",
		"c3 noted (alone): Everyone in the lane agreed that Darcy made the worst punch in the county.",
		"c1 noted: Hester told the vicar that Darcy would call on the new curate before the week was out.",
		"c3 noted (alone): Hester told the vicar that Darcy would call on the new curate before the week was out.",
		// Too little said beyond the names to be a fact of Brandt's.
		"c1 noted: Hester said that Colonel Brandt was in the garden.",
	)
}

// A pronoun before the one name a sentence holds makes it another's only
// when it cannot stand for the one named: "she" before Hester is Hester,
// "they" are others doing something to her; "we", and "he" before Hester,
// are another subject.
func TestFindAnchorsAlonePronounBefore(t *testing.T) {
	body := strings.Join([]string{
		"Though she had kept the lodging-house in the lane for eleven long years, Hester was still uneasy among the lodgers' spaniels and terriers.",
		"At the seminary they had taught Hester French, the globes and deportment, but nothing of money.",
		"He had bought Hester a gold locket with a painted miniature inside it.",
		"We walked out past the old mill and the ferry to Wexcombe.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c1 noted (alone): Though she had kept the lodging-house in the lane for eleven long years, Hester was still uneasy among the lodgers' spaniels and terriers.",
		"c1 noted (alone): At the seminary they had taught Hester French, the globes and deportment, but nothing of money.",
	)
}

// What one is never without is one's own, what is hidden in one's
// belonging is one's hidden thing, and the sentence after either about
// "it" goes on describing the thing.
func TestFindAnchorsOwnedDescribed(t *testing.T) {
	body := strings.Join([]string{
		"Colonel Brandt never went anywhere without his spyglass. It had been made in Holland, and its brass barrel was dented.",
		"Hester never went anywhere without her keys. It was a long way from the old mill to the ferry at the foot of the hill, and the road was bad in winter, worse in the spring, when the river rose over the lower fields and the ford by the old mill could not be crossed.",
		"Something was sewn into the hem of Hester's grey cloak, and it rustled. It was her marriage lines, folded small.",
		"Darcy owned a house at Wexcombe. It stood on the cliff above the harbour.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 owns: Colonel Brandt never went anywhere without his spyglass. It had been made in Holland, and its brass barrel was dented.",
		"c1 owns: Hester never went anywhere without her keys.",
		"c1 hid: Something was sewn into the hem of Hester's grey cloak, and it rustled. It was her marriage lines, folded small.",
		"c3 owns: Darcy owned a house at Wexcombe.",
	)
}

// A line that is only a name's possessive answers the "whose" question
// before it: the thing asked about is that character's.
func TestFindAnchorsWhoseAnswer(t *testing.T) {
	body := strings.Join([]string{
		"“Whose is the grey mare with one white stocking?” the ostler asked. “Colonel Brandt's,” said the boy.",
		"“Where is the grey mare with one white stocking?” the ostler asked. “Colonel Brandt's,” said the boy.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 owns: “Whose is the grey mare with one white stocking?” the ostler asked. “Colonel Brandt's,” said the boy.",
	)
}

// A line whose tag says whom it is spoken of is about that one, other
// names in it notwithstanding.
func TestFindAnchorsSpokenOf(t *testing.T) {
	body := "“He is the gentlest man in Wexcombe,” the porter said of Colonel Brandt, “but he will not sit down to dinner without fresh violets on the table.”"
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 noted (alone): “He is the gentlest man in Wexcombe,” the porter said of Colonel Brandt, “but he will not sit down to dinner without fresh violets on the table.”",
	)
}

// A speech whose speaker the book does not know, going on after a
// sentence about a character with his pronoun, states a fact about him;
// a known speaker's "he" is not read so.
func TestFindAnchorsUnknownSpeakerPronoun(t *testing.T) {
	ents := anchorTestEntities()
	got := Find(1, `The surgeon's note was blunt: "Colonel Brandt is to have no wine. His head cannot bear even a single glass of it."`, ents)
	if !slices.ContainsFunc(got, func(a Anchor) bool { return a.Kind == Cannot && strings.Contains(a.Text, "single glass") }) {
		t.Errorf("got %+v; want a cannot anchor of the second sentence", got)
	}
}

// A speech no known speaker says stays about the character it named
// while its lines follow one another: a later line's pronoun stands for
// him though a line naming no one came between, and a line naming him
// alone is his though it is too short to be an anchor itself. Its "you"
// is the listener, told of the one named.
func TestFindAnchorsUnknownSpeakerAbout(t *testing.T) {
	body := strings.Join([]string{
		"“Brandt will answer no letter on a Friday,” the steward told the lawyer. “Not one, not ever. He says the post is unlucky on that day, and it must all wait for Saturday.”",
		"“Put that inkstand down,” the footman said. “It's Hester's. A silver swan her godfather gave her, and she would sooner part with her eyes.”",
		"“You will always find Colonel Brandt by his pipe smoke,” said the groom, pointing; “he smokes a clay by the mounting block before every ride.”",
		"“It's Hester's.” The footman went out. She would sooner part with her eyes than with the silver swan.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 noted (alone): “Brandt will answer no letter on a Friday,” the steward told the lawyer.",
		"c2 noted (alone): He says the post is unlucky on that day, and it must all wait for Saturday.”",
		"c1 noted (alone): A silver swan her godfather gave her, and she would sooner part with her eyes.”",
		"c2 noted (alone): “You will always find Colonel Brandt by his pipe smoke,” said the groom, pointing; “he smokes a clay by the mounting block before every ride.”",
	)
}

// A paragraph closed by a signature is a letter: its "I" is the signer's,
// read as his line, and "I promise" (as it is said) is a promise.
func TestFindAnchorsLetterSigned(t *testing.T) {
	body := strings.Join([]string{
		"Dear Sir, I hereby promise you the grey mare at Michaelmas, whatever my brother may say of it. Your obedient servant, Colonel Brandt.",
		"I have kept every letter you ever wrote to me in the walnut box by my bed. Yours ever, Hester.",
		"I have kept every letter you ever wrote to me in the walnut box by my bed. Colonel Brandt.",
		"“I promise nothing,” said Darcy. “Ask my sister.”",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 promised: Dear Sir, I hereby promise you the grey mare at Michaelmas, whatever my brother may say of it.",
		"c1 noted: I have kept every letter you ever wrote to me in the walnut box by my bed.",
	)
}

// Another subject's pronoun before the one name makes a sentence
// another's only in the name's own clause: one a colon or semicolon
// closed does not.
func TestFindAnchorsAloneClauseAfterColon(t *testing.T) {
	body := strings.Join([]string{
		"The maid said nothing, but she had seen it: Colonel Brandt folded his winnings into the lining of the clock case every Sunday night.",
		"She had seen Colonel Brandt fold his winnings into the lining of the clock case every Sunday night.",
		"He meant to marry; and in settling his debts with the Wexcombe bank he had a new life in view.",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 noted (alone): The maid said nothing, but she had seen it: Colonel Brandt folded his winnings into the lining of the clock case every Sunday night.",
	)
}

// Forms the readings above missed: an object pronoun ("him", "herself")
// stands for the character before as a subject's does; an irregular past is a reported
// clause's verb; a speech tag the splitter cut off ("Kitty asked.") does
// not end what an unknown speaker's speech is about.
func TestFindAnchorsMoreForms(t *testing.T) {
	body := strings.Join([]string{
		"Brandt slept badly that week. Since the siege, every thunderstorm put him back in the breach at Badajoz.",
		"It was common knowledge in Wexcombe that Colonel Brandt slept with a loaded pistol under his pillow.",
		"“Why does Miss Thorne never dance?” Kitty asked. “Because,” said the old aunt, “she broke her ankle at sixteen and it never mended straight.”",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 noted (alone): Since the siege, every thunderstorm put him back in the breach at Badajoz.",
		"c2 noted (alone): It was common knowledge in Wexcombe that Colonel Brandt slept with a loaded pistol under his pillow.",
		"c1 noted (alone): “Because,” said the old aunt, “she broke her ankle at sixteen and it never mended straight.”",
	)
}

// A quotation opening again right after an unknown speaker's tagged line
// is that speaker going on: its opening pronoun stands for the one the
// line was about. A sense that fails, said in the present, is an
// inability; said in the past, or of what one understands, a moment.
func TestFindAnchorsUnknownSpeakerReopens(t *testing.T) {
	body := strings.Join([]string{
		"“Never mind Colonel Brandt shouting at you in the hall,” said the housekeeper. “He cannot see the clock without his spectacles, and will not own to it.”",
		"“Colonel Brandt is in the garden,” said the housekeeper. The gardener nodded. “He cannot hear a bell without his ear trumpet.”",
		"Colonel Brandt stood at the window. He could not see beyond the fog on the marsh that morning.",
		"Colonel Brandt rode out early. He cannot see why anyone would walk without a stick.",
	}, "\n\n")
	checkAnchorLines(t, withoutNoted(Find(1, body, anchorTestEntities())),
		"c2 cannot: “He cannot see the clock without his spectacles, and will not own to it.”",
	)
}

// "It was a …" with a place after a locative in its first clause says
// what the place is when the clause it stands for follows: right after,
// or after a short aside; not when the sentence goes on with "and".
func TestFindAnchorsItWasAtPlace(t *testing.T) {
	body := strings.Join([]string{
		"It was an old custom at Wexcombe, the fishermen say, that a drowned man's boat is burned on the shore.",
		"It is the rule at Saltby to ring the church bell when the fog comes in.",
		"It was a fine morning at Wexcombe, and the boats went out early.",
		"It was the custom at Wexcombe, and at every village along that coast, that the boats stayed in on Good Friday.",
	}, "\n\n")
	checkAnchorLines(t, withoutNoted(Find(1, body, anchorTestEntities())),
		"l1 is: It was an old custom at Wexcombe, the fishermen say, that a drowned man's boat is burned on the shore.",
		"l2 is: It is the rule at Saltby to ring the church bell when the fog comes in.",
	)
}

// withoutNoted drops the noted anchors (another rule's) from list.
func withoutNoted(list []Anchor) []Anchor {
	return slices.DeleteFunc(list, func(a Anchor) bool { return a.Kind == Noted })
}

// A line of an unknown speaker's, opening with the pronoun of the one
// the line before was about and too short to be an anchor itself, goes
// on with that line's anchor; one that says enough stays its own.
func TestFindAnchorsUnknownSpeakerShortLineGoesOn(t *testing.T) {
	body := strings.Join([]string{
		"“Whatever you do, never praise a horse of Colonel Brandt's,” the groom told the new stable boy. “He will make you a gift of it.”",
		"“Whatever you do, never praise a horse of Colonel Brandt's,” the groom told the new stable boy. “He rides the grey mare to church every Sunday, and lets no one else so much as lead her to water.”",
	}, "\n\n")
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c2 noted (alone): “Whatever you do, never praise a horse of Colonel Brandt's,” the groom told the new stable boy. “He will make you a gift of it.”",
		"c2 noted (alone): “Whatever you do, never praise a horse of Colonel Brandt's,” the groom told the new stable boy.",
		"c2 noted (alone): “He rides the grey mare to church every Sunday, and lets no one else so much as lead her to water.”",
	)
}

// A sentence too long for an anchor that reports a fact of a character
// in a clause opening "that" and his name, or, the one character it
// names, "the girl", "the old man" …, keeps that clause; another long
// one a shape read is cut at MaxWords (one read alone is kept whole:
// TestFindAnchorsLongNotedKept).
func TestFindAnchorsLongReportedClause(t *testing.T) {
	vicar := "The vicar, who had known him at Cambridge and had sat through a great many of his long dinners since then, told the bishop that Colonel Brandt had never once in his life carved a joint without cutting his thumb, and that the surgeon kept a bandage ready."
	mother := "Hester Thorne came in late to the ball, and as she passed along the room, nodding to this friend and to that one, her mother whispered to the curate at her side that the girl had never missed a step in a dance since she was six, and could name every tune."
	long := "Colonel Brandt came in late to the ball, and as he passed along the room, nodding to this friend and to that one, the curate at his side remarked to the bishop that the night was cold and the candles smoked, and that the fiddlers played out of tune all evening."
	body := strings.Join([]string{vicar, mother, long}, "\n\n")
	got := Find(1, body, anchorTestEntities())
	want := []string{
		"c2: … that Colonel Brandt had never once in his life carved a joint without cutting his thumb, and that the surgeon kept a bandage ready.",
		"c1: … that the girl had never missed a step in a dance since she was six, and could name every tune.",
		"c2: " + CapWords(long, MaxWords),
	}
	var lines []string
	for _, a := range got {
		lines = append(lines, a.Entity+": "+CutLong(a))
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// The long sentence is kept whole, shown cut for an entity much is
	// known of; the reported clauses are short.
	if len(got) == 3 && (got[0].Long || got[1].Long || !got[2].Long || got[2].Text != long) {
		t.Errorf("Long: %v %v %v, text %q; want only the third long, whole", got[0].Long, got[1].Long, got[2].Long, got[2].Text)
	}
	// A reported clause past MaxWords is kept whole from "that" on, Long.
	clause := "that Colonel Brandt had never once in his life carved a joint at the head of his own table or at any other man's, at Christmas or at a wedding breakfast or a hunt dinner, without cutting his thumb to the bone, and that the surgeon of the regiment kept a bandage ready for him in his pocket."
	said := "The vicar, who had known him at Cambridge, told the bishop " + clause
	x := Find(1, said, anchorTestEntities())
	if n := len(strings.Fields(clause)); n <= MaxWords || len(x) != 1 || !x[0].Long || x[0].Text != Cut+" "+clause ||
		CutLong(x[0]) != Cut+" "+CapWords(clause, MaxWords-1) {
		t.Errorf("%d words: %+v; want the clause whole, Long, cut to %d words when shown so", n, x, MaxWords)
	}
}

// A letter quoted with its writer's tag ("… ,' Hester wrote to her
// brother") is his line: its "I" is the writer's.
func TestFindAnchorsLetterWrote(t *testing.T) {
	body := "“I have left the deeds where my uncle will never think to look,” Hester wrote to her brother at Bath, “under the loose board in the old schoolroom. Burn this.”"
	checkAnchorLines(t, Find(1, body, anchorTestEntities()),
		"c1 noted (alone): “I have left the deeds where my uncle will never think to look,” Hester wrote to her brother at Bath, “under the loose board in the old schoolroom. Burn this.”",
	)
}

// The subject of a reported clause is the sentence's, for a clause
// further in that opens with his pronoun; a fear may be told by what it
// is, its verb right after the pronoun ("nothing he dreaded so much as").
func TestFindAnchorsFearAfterReportedClause(t *testing.T) {
	body := strings.Join([]string{
		"It was well known at the inn that Colonel Brandt had a lamp left burning all night, for there was nothing he dreaded so much as waking in the dark.",
		"It was well known at the inn that Colonel Brandt had a lamp left burning all night, for there was nothing she dreaded so much as the smoke of it.",
	}, "\n\n")
	checkAnchorLines(t, withoutNoted(Find(1, body, anchorTestEntities())),
		"c2 fears: It was well known at the inn that Colonel Brandt had a lamp left burning all night, for there was nothing he dreaded so much as waking in the dark.",
	)
}

// Put where no one will look is hidden; put where no one knew him, or
// where he would see it, is not.
func TestFindAnchorsPutWhereNoOneLooks(t *testing.T) {
	body := strings.Join([]string{
		"Hester had put the deeds where her uncle would never think to look, behind the panel in the schoolroom.",
		"Colonel Brandt put the ring where nobody would ever find it.",
		"Colonel Brandt put up at an inn where nobody knew him by sight.",
		"Hester put the letter where her uncle would see it at breakfast.",
	}, "\n\n")
	checkAnchorLines(t, withoutNoted(Find(1, body, anchorTestEntities())),
		"c1 hid: Hester had put the deeds where her uncle would never think to look, behind the panel in the schoolroom.",
		"c2 hid: Colonel Brandt put the ring where nobody would ever find it.",
	)
}

// A short line joined to nothing is not remembered: the next line's
// pronoun does not stand for the one it was about.
func TestFindAnchorsShortLineNotRemembered(t *testing.T) {
	body := "“I will not sell the grey mare,” said Colonel Brandt, “whatever my brother may offer me for her at Michaelmas, and whatever the farrier says of her hocks. " +
		"My brother has asked for her every spring since our father died and left her to me, and every spring my answer has been the same, as it will be again. " +
		"He has a long memory. He rides over every Easter to ask for her again, and goes home without her.”"
	for _, a := range Find(1, body, anchorTestEntities()) {
		if strings.Contains(a.Text, "every Easter") {
			t.Errorf("anchor %+v: the brother's line is not Brandt's", a)
		}
	}
}

// A paragraph naming one entity and no other says of it what its
// sentences no anchor took say, whatever their shape: one noted anchor
// (Para) of those sentences, made by FindWithParagraphs only.
func TestFindParagraphAnchor(t *testing.T) {
	ents := anchorTestEntities()
	body := "Deposition of the dairymaid, taken before the justices: that on three nights in March she carried bread and cheese to the old ice-house, by order of her master Colonel Brandt, and left it at the grating, and heard a man cough inside."
	if got := Find(1, body, ents); len(got) != 0 {
		t.Fatalf("Find: %+v; want no anchor (no sentence rule reads it)", got)
	}
	got := FindWithParagraphs(1, body, ents)
	if len(got) != 1 || got[0].Entity != "c2" || !got[0].Para || !got[0].Alone || got[0].Kind != Noted || !strings.Contains(got[0].Text, "ice-house") {
		t.Errorf("FindWithParagraphs: %+v; want Brandt's paragraph anchor", got)
	}
	for _, body := range []string{
		body + " Hester Thorne said nothing of it.",                                    // two named
		"The list Colonel Brandt left for the new maid was short. Fires lit by seven.", // one sentence left beside his anchor
	} {
		if got := FindWithParagraphs(1, body, ents); slices.ContainsFunc(got, func(a Anchor) bool { return a.Para }) {
			t.Errorf("%q: %+v; want no paragraph anchor", body, got)
		}
	}
}

// A long sentence keeps its words to MaxParaWords: the fact a periodic
// sentence states comes after its circumstances, past the 45th word. One
// read alone (about the one entity it names, no shape reading it) is shown
// so; one a shape read, and a noted subject's, is Long: recall shows it
// cut at MaxWords for an entity much is known of
// (TestFindAnchorsLongReportedClause, recall's TestPickLongWholeOnlyWhenScarce).
func TestFindAnchorsLongNotedKept(t *testing.T) {
	noted := "Though he had crossed the Alps on foot in winter, had lost a brother at sea and a fortune at cards, and had once stood in the dock at the Old Bailey with the whole town staring, Colonel Brandt, who minded nothing that men could say or do, went white at the sight of a cat on the stairs and would not pass it."
	fears := "Colonel Brandt was afraid of one thing only, and though he had crossed the Alps on foot in winter, had lost a brother at sea and a fortune at cards, and had once stood in the dock at the Old Bailey with the whole town staring, it was this: a cat on the stairs."
	got := Find(1, noted+"\n\n"+fears, anchorTestEntities())
	checkAnchorLines(t, got,
		"c2 noted (alone): "+noted,
		"c2 fears: "+fears,
	)
	// A shape's long sentence is whole too (its fact after its
	// circumstances: "it was this: a cat on the stairs"), Long: recall
	// shows it so for an entity little is known of, else its first
	// MaxWords words; one read alone is shown whole always.
	if got[0].Long || !got[1].Long || CutLong(got[1]) != CapWords(fears, MaxWords) || CutLong(got[0]) != noted {
		t.Errorf("Long: %v %v; want the shape's only, cut to its first %d words", got[0].Long, got[1].Long, MaxWords)
	}
	for _, s := range []string{noted, fears} {
		if n := len(strings.Fields(s)); n <= MaxWords || n > MaxParaWords {
			t.Fatalf("%q has %d words; want past MaxWords, within MaxParaWords", s, n)
		}
	}
}

// A paragraph about one entity that makes no paragraph anchor of its
// sentences no anchor took (one sentence, or too few words) joins them to
// its anchor of the entity: before it when they come first, after it
// when they follow; not when another is named. Joined to a pattern's
// anchor they make it Long: shown with them only for an entity little is
// known of, its own sentence else (CutLong).
func TestFindParagraphGoesOn(t *testing.T) {
	ents := anchorTestEntities()
	card := "The card in the window of the registry office said: WANTED, a groom for Colonel Brandt of the Crescent, Bath. No cats kept in the stables or the house; the gentleman cannot sit in a room with one without falling ill."
	bare := "Brandt had nothing. A cot, a stool, and a fiddle. Nobody in Bath knew what the thing was worth, and Colonel Brandt did not tell them."
	checkAnchorLines(t, FindWithParagraphs(1, card+"\n\n"+bare, ents),
		"c2 noted (alone): "+card,
		"c2 noted: "+bare,
	)
	if got := Find(1, card, ents); len(got) != 1 || strings.Contains(got[0].Text, "cats") {
		t.Errorf("Find: %+v; want the first sentence alone (Find joins nothing)", got)
	}
	for _, a := range FindWithParagraphs(1, card+" Hester Thorne read it twice.", ents) { // two named
		if strings.Contains(a.Text, "No cats") {
			t.Errorf("%+v; want the sentence joined to no anchor", a)
		}
	}
	afraid := "Colonel Brandt was afraid of one thing all his life."
	got := FindWithParagraphs(1, afraid+" The dark.", ents)
	if len(got) != 1 || got[0].Kind != Fears || got[0].Text != afraid+" The dark." || !got[0].Long || CutLong(got[0]) != afraid {
		t.Errorf("%+v; want the fear joined, Long, shown alone when cut", got)
	}
}
