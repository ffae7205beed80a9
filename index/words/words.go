// Package words is how the index reads text, below index: the words of a
// text (lower-cased runs of letters and digits), the stopwords it drops and
// the common narrative words it damps, character grams, and the stemmer
// (Snowball English after a list of irregular past forms; the library's
// steps on bytes for ASCII words, porter2.go) with its memo.
// The local embedder's features and word counts, and recall's lexical
// score, are built from these, so both read a text the same way.
package words

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Terms lists the distinct content words of text as the index counts them
// (stopwords dropped, stemmed through stems, which may be nil): the unit of
// the index's word counts and of recall's lexical score.
func Terms(text string, stems Stems) []string {
	seen := map[string]bool{}
	var out []string
	Each(text, func(w string) {
		if Stopword(w) {
			return
		}
		if s := stems.stem(w); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	})
	return out
}

// Each calls f with each lowercased word of text: runs of letters
// and digits; apostrophes split ("elizabeth's" → "elizabeth", "s"). A
// word already in lower case is passed as the slice of text it is, the
// others lowered (a word is allocated only then: recall and a sync read
// hundreds of thousands of words a tick).
func Each(text string, f func(string)) {
	EachAsWritten(text, func(w string, lower bool) {
		if !lower {
			w = strings.ToLower(w)
		}
		if len(w) > 1 {
			f(w)
		}
	})
}

// EachAsWritten calls f with each run of letters and digits of text as it
// is written, and whether it is in lower case already: the words Each
// passes are these lowered, those of one byte left out. For a caller that
// memoizes what a word gives, keyed by the word as written, so that a
// capitalized word is lowered (allocated) once, not at each occurrence.
func EachAsWritten(text string, f func(w string, lower bool)) {
	for i := 0; i < len(text); {
		j, lower := wordEnd(text, i)
		if j == i {
			_, n := utf8.DecodeRuneInString(text[i:])
			i += n
			continue
		}
		f(text[i:j], lower)
		i = j
	}
}

// wordEnd returns the end of the run of letters and digits at text[i:]
// (i if none), and whether the run is in lower case already.
func wordEnd(text string, i int) (int, bool) {
	lower := true
	for i < len(text) {
		if c := text[i]; c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			case 'A' <= c && c <= 'Z':
				lower = false
			default:
				return i, lower
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return i, lower
		}
		lower = lower && unicode.ToLower(r) == r
		i += n
	}
	return i, lower
}

// CharGrams calls f with the character 3- and 4-grams of "<w>", which let
// word forms ("drowned", "drowning") and misspellings meet.
func CharGrams(w string, f func(string)) {
	if utf8.RuneCountInString(w) < 3 {
		return
	}
	s := "<" + w + ">"
	idx := make([]int, 0, len(s)+1)
	for i := range s {
		idx = append(idx, i)
	}
	idx = append(idx, len(s))
	runes := len(idx) - 1
	for n := 3; n <= 4; n++ {
		for i := 0; i+n <= runes; i++ {
			f(s[idx[i]:idx[i+n]])
		}
	}
}

// Stopword reports words too common to tell passages apart: function
// words, and the verbs and adverbs every narrative uses on each page.
func Stopword(w string) bool {
	switch w {
	case "a", "about", "above", "after", "again", "against", "all", "almost", "also", "am", "among", "an", "and",
		"another", "any", "are", "as", "at", "away", "back", "be", "became", "because", "become", "been", "before",
		"began", "being", "below", "between", "both", "but", "by", "came", "can", "cannot", "come", "could", "did",
		"do", "does", "doing", "don", "done", "down", "during", "each", "either", "else", "enough", "even", "ever",
		"every", "far", "few", "first", "for", "from", "further", "gave", "get", "give", "go", "going", "gone", "got",
		"had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
		"however", "if", "in", "indeed", "into", "is", "it", "its", "itself", "just", "know", "knew", "last", "least",
		"less", "let", "like", "ll", "made", "make", "many", "may", "me", "might", "mine", "more", "most", "mr", "mrs",
		"much", "must", "my", "myself", "never", "no", "nor", "not", "nothing", "now", "of", "off", "often", "oh",
		"on", "once", "one", "only", "or", "other", "others", "ought", "our", "ours", "ourselves", "out", "over",
		"own", "perhaps", "quite", "rather", "re", "said", "same", "say", "see", "seemed", "shall", "she", "should",
		"since", "so", "some", "something", "soon", "still", "such", "than", "that", "the", "their", "theirs", "them",
		"themselves", "then", "there", "these", "they", "thing", "think", "this", "those", "though", "thought",
		"through", "thus", "till", "to", "too", "took", "toward", "towards", "two", "under", "until", "up", "upon",
		"us", "ve", "very", "was", "way", "we", "well", "went", "were", "what", "when", "where", "whether", "which",
		"while", "who", "whom", "whose", "why", "will", "with", "within", "without", "would", "yet", "you", "your",
		"yours", "yourself", "yourselves":
		return true
	}
	return false
}

// Common reports words frequent in any narrative: kept, but
// down-weighted, so that a passage's rare words carry its vector.
func Common(w string) bool {
	switch w {
	case "answer", "answered", "asked", "bad", "best", "better", "brother", "called", "certain", "child", "cried",
		"day", "days", "dear", "door", "end", "eyes", "face", "father", "feel", "felt", "find", "found", "friend",
		"friends", "full", "good", "great", "half", "hand", "hands", "happy", "head", "heard", "hear", "heart",
		"hope", "hour", "house", "kind", "lady", "large", "left", "life", "little", "live", "long", "look",
		"looked", "love", "man", "men", "mind", "miss", "moment", "morning", "mother", "name", "new", "next",
		"night", "old", "open", "part", "place", "pleasure", "poor", "possible", "power", "present", "put", "read",
		"ready", "real", "replied", "return", "right", "room", "saw", "seem", "seen", "short", "sir", "sister",
		"small", "speak", "spoke", "stood", "sure", "take", "talk", "tell", "three", "time", "told", "turned",
		"walk", "want", "whole", "wish", "woman", "women", "word", "words", "world", "year", "years", "young":
		return true
	}
	return false
}
