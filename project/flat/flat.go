// Package flat is the encoding of storyd's own caches (the load cache): a
// value's exported fields in declaration order, as varints, length-prefixed
// strings and counted lists, a map as its entries in key order (string or
// integer keys), a time by
// its MarshalBinary. No field names and no type information: the reader
// must know the type, and a cache records its types' layout to refuse data
// written for other ones. Unmarshal takes every string as a slice of the
// one payload string, so a cache of ~1,450 entries decodes in ~1.7 ms with
// ~9,000 allocations where gob took ~3 ms and ~50,000; a Decoder decodes
// many values (a cache's entries, kept encoded until used) without
// learning their types again.
package flat

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"
)

var timeType = reflect.TypeFor[time.Time]()

// exportedFields lists the indices of t's exported fields, remembered per
// type in seen (reflect's Field builds a whole StructField each call).
func exportedFields(seen map[reflect.Type][]int, t reflect.Type) []int {
	if f, ok := seen[t]; ok {
		return f
	}
	var f []int
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			f = append(f, i)
		}
	}
	seen[t] = f
	return f
}

// Append appends the encoding of v to b. It panics on a kind it does not
// encode (channels, funcs, floats, interfaces): the cached types have none.
func Append(b []byte, v any) []byte { return encodeValue(b, reflect.ValueOf(v)) }

// appendString appends s: its length, then its bytes.
func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func encodeValue(b []byte, v reflect.Value) []byte {
	switch v.Kind() {
	case reflect.String:
		return appendString(b, v.String())
	case reflect.Int, reflect.Int64, reflect.Int32:
		return binary.AppendVarint(b, v.Int())
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		return binary.AppendUvarint(b, v.Uint())
	case reflect.Bool:
		if v.Bool() {
			return append(b, 1)
		}
		return append(b, 0)
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, 0)
		}
		return encodeValue(append(b, 1), v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			return append(b, 0) // a nil list stays nil, an empty one empty
		}
		b = binary.AppendUvarint(b, uint64(v.Len())+1)
		if v.Type() == stringList {
			for _, x := range v.Interface().([]string) {
				b = appendString(b, x)
			}
			return b
		}
		for i := range v.Len() {
			b = encodeValue(b, v.Index(i))
		}
		return b
	case reflect.Map:
		if b, ok := appendStringMap(b, v); ok {
			return b
		}
		keys := v.MapKeys()
		switch v.Type().Key().Kind() {
		case reflect.String:
			slices.SortFunc(keys, func(x, y reflect.Value) int { return cmp.Compare(x.String(), y.String()) })
		case reflect.Int, reflect.Int64, reflect.Int32:
			slices.SortFunc(keys, func(x, y reflect.Value) int { return cmp.Compare(x.Int(), y.Int()) })
		default:
			panic(fmt.Sprintf("flat: cannot order the keys of a %s", v.Type()))
		}
		b = binary.AppendUvarint(b, uint64(len(keys)))
		for _, k := range keys {
			b = encodeValue(encodeValue(b, k), v.MapIndex(k))
		}
		return b
	case reflect.Struct:
		if v.Type() == timeType {
			t, _ := v.Interface().(time.Time).MarshalBinary() // fails only for offsets time.Time cannot hold
			b = binary.AppendUvarint(b, uint64(len(t)))
			return append(b, t...)
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				b = encodeValue(b, v.Field(i))
			}
		}
		return b
	}
	panic(fmt.Sprintf("flat: cannot encode a %s", v.Type()))
}

// The maps of strings a cache holds most (the anchor store's ~1,000 scene
// hashes at 1,000 scenes) are encoded and decoded without reflection, the
// same bytes as the general way: ~10 times faster. So are lists of strings
// (a scene's cast, summary and threads: four a scene, each load).
var (
	intStrings    = reflect.TypeFor[map[int]string]()
	stringStrings = reflect.TypeFor[map[string]string]()
	stringList    = reflect.TypeFor[[]string]()
)

// appendStringMap appends v if it is a map[int]string or a
// map[string]string; ok says whether it was.
func appendStringMap(b []byte, v reflect.Value) ([]byte, bool) {
	switch v.Type() {
	case intStrings:
		m := v.Interface().(map[int]string)
		b = binary.AppendUvarint(b, uint64(len(m)))
		for _, k := range slices.Sorted(maps.Keys(m)) {
			b = appendString(binary.AppendVarint(b, int64(k)), m[k])
		}
		return b, true
	case stringStrings:
		m := v.Interface().(map[string]string)
		b = binary.AppendUvarint(b, uint64(len(m)))
		for _, k := range slices.Sorted(maps.Keys(m)) {
			b = appendString(appendString(b, k), m[k])
		}
		return b, true
	}
	return b, false
}

// stringMap decodes the n entries of a map into v (settable, zero) if it
// is a map[int]string or a map[string]string, and says whether it was.
func (d *decoder) stringMap(v reflect.Value, n int) bool {
	switch v.Type() {
	case intStrings:
		m := make(map[int]string, n)
		for range n {
			k := d.varint()
			m[int(k)] = d.str()
		}
		v.Set(reflect.ValueOf(m))
		return true
	case stringStrings:
		m := make(map[string]string, n)
		for range n {
			k := d.str()
			m[k] = d.str()
		}
		v.Set(reflect.ValueOf(m))
		return true
	}
	return false
}

// Layout names every field (with its type and tags) of the types of
// values vs, then of each struct type their exported fields reach (through
// pointers, lists and maps) that vs did not name: a cache records it, and
// refuses data written for another layout, since data carries no field
// names (a field added to a type, nested or not, must not read back as
// zero from a cache written before it existed). Types vs names come first
// and in their order, so a list that already names every type reached
// gives the layout it gave before nested types were walked.
func Layout(vs ...any) string {
	var b strings.Builder
	seen := map[reflect.Type]bool{timeType: true} // a time is its MarshalBinary
	var queue []reflect.Type
	write := func(t reflect.Type) {
		b.WriteString(t.Name())
		for i := range t.NumField() {
			f := t.Field(i)
			fmt.Fprintf(&b, " %s %s %q", f.Name, f.Type, f.Tag)
		}
		b.WriteString(";")
	}
	for _, v := range vs {
		t := reflect.TypeOf(v)
		seen[t] = true
		queue = append(queue, t)
		write(t)
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				for _, n := range structsIn(f.Type) {
					if !seen[n] {
						seen[n] = true
						queue = append(queue, n)
						write(n)
					}
				}
			}
		}
	}
	return b.String()
}

// structsIn lists the struct types t is or holds through pointers, lists
// and maps (a map's key, then its value).
func structsIn(t reflect.Type) []reflect.Type {
	switch t.Kind() {
	case reflect.Struct:
		return []reflect.Type{t}
	case reflect.Pointer, reflect.Slice:
		return structsIn(t.Elem())
	case reflect.Map:
		return append(structsIn(t.Key()), structsIn(t.Elem())...)
	}
	return nil
}

// Decoder decodes values one after another (a cache's entries, each when
// it is used), remembering what it learned of their types. The zero value
// is ready; it must not be used by two goroutines at once.
type Decoder struct {
	fields map[reflect.Type][]int
	least  map[reflect.Type]int // leastSize's memo
}

// decoder reads what encodeValue wrote from s.
type decoder struct {
	s string
	i int
	*Decoder
}

// ErrDamaged is Unmarshal's error for data it cannot read as the type.
var ErrDamaged = errors.New("flat: damaged data")

func (d *decoder) uvarint() uint64 {
	var x uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if d.i >= len(d.s) {
			panic(ErrDamaged)
		}
		c := d.s[d.i]
		d.i++
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x
		}
	}
	panic(ErrDamaged)
}

// varint reads a signed number (binary.AppendVarint's zigzag form).
func (d *decoder) varint() int64 {
	u := d.uvarint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x
}

// count reads a length, which the rest of the data must be able to hold
// (every element takes a byte at least).
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.s)-d.i) {
		panic(ErrDamaged)
	}
	return int(n)
}

// room checks that the rest of the data can hold n items of types ts
// (a map's key and value): each takes leastSize bytes at least, so a
// damaged count cannot make a list or a map's room many times larger than
// the data (a struct's memory is many times its encoding's least size).
func (d *decoder) room(n int, ts ...reflect.Type) {
	per := 0
	for _, t := range ts {
		per += d.leastSize(t)
	}
	if uint64(n)*uint64(max(per, 1)) > uint64(len(d.s)-d.i) {
		panic(ErrDamaged)
	}
}

// leastSize is the fewest bytes a value of t encodes to: a byte for each
// field, as every kind but a struct takes one at least.
func (d *decoder) leastSize(t reflect.Type) int {
	if t.Kind() != reflect.Struct || t == timeType {
		return 1
	}
	if n, ok := d.least[t]; ok {
		return n
	}
	n := 0
	for _, i := range exportedFields(d.fields, t) {
		n += d.leastSize(t.Field(i).Type)
	}
	d.least[t] = n
	return n
}

func (d *decoder) str() string {
	n := d.count()
	d.i += n
	return d.s[d.i-n : d.i]
}

// value decodes into v (settable, zero).
func (d *decoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(d.str())
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(d.varint())
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		u := d.uvarint()
		if v.OverflowUint(u) {
			panic(ErrDamaged)
		}
		v.SetUint(u)
	case reflect.Bool:
		v.SetBool(d.uvarint() != 0)
	case reflect.Pointer:
		if d.uvarint() != 0 {
			v.Set(reflect.New(v.Type().Elem()))
			d.value(v.Elem())
		}
	case reflect.Slice:
		// The count is the length plus one (0: nil), so it may be one more
		// than the bytes left: an empty list ends a payload in one byte.
		u := d.uvarint()
		if u == 0 {
			return // nil
		}
		if u-1 > uint64(len(d.s)-d.i) {
			panic(ErrDamaged)
		}
		n := int(u)
		d.room(n-1, v.Type().Elem())
		if v.Type() == stringList {
			xs := make([]string, n-1)
			for i := range xs {
				xs[i] = d.str()
			}
			v.Set(reflect.ValueOf(xs))
			return
		}
		s := reflect.MakeSlice(v.Type(), n-1, n-1)
		for i := range n - 1 {
			d.value(s.Index(i))
		}
		v.Set(s)
	case reflect.Map:
		n := d.count()
		d.room(n, v.Type().Key(), v.Type().Elem())
		if d.stringMap(v, n) {
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), n)
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		for range n {
			k.SetZero()
			e.SetZero()
			d.value(k)
			d.value(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		if v.Type() == timeType {
			var t time.Time
			if err := t.UnmarshalBinary([]byte(d.str())); err != nil {
				panic(ErrDamaged)
			}
			v.Set(reflect.ValueOf(t))
			return
		}
		for _, i := range exportedFields(d.fields, v.Type()) {
			d.value(v.Field(i))
		}
	default:
		panic(fmt.Sprintf("flat: cannot decode a %s", v.Type()))
	}
}

// Unmarshal decodes payload, as Append wrote it, into *ptr (zero); data
// that does not read as the type, or has bytes left over, is ErrDamaged.
func Unmarshal(payload []byte, ptr any) error {
	return new(Decoder).Decode(string(payload), ptr)
}

// Decode is Unmarshal of payload s; every string decoded is a slice of s.
func (dec *Decoder) Decode(s string, ptr any) (err error) {
	if dec.fields == nil {
		dec.fields, dec.least = map[reflect.Type][]int{}, map[reflect.Type]int{}
	}
	d := &decoder{s: s, Decoder: dec}
	defer func() {
		if r := recover(); r != nil {
			if r != ErrDamaged {
				panic(r)
			}
			err = ErrDamaged
		}
	}()
	d.value(reflect.ValueOf(ptr).Elem())
	if d.i != len(d.s) {
		return ErrDamaged
	}
	return nil
}

// castagnoli is the CRC-32C table: a checksum against damage (a torn or
// truncated file), as the index's; the files sealed are storyd's own
// caches, not a person's.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Seal appends a CRC-32C of b to it, the trailer Unseal checks, and
// returns the checksum too (a file's identity: the load cache's delta
// names its base by it).
func Seal(b []byte) ([]byte, uint32) {
	sum := crc32.Checksum(b, castagnoli)
	return binary.BigEndian.AppendUint32(b, sum), sum
}

// Unseal returns the payload of data that Seal made, and its checksum; ok
// is false when the checksum does not hold.
func Unseal(data []byte) (payload []byte, sum uint32, ok bool) {
	if len(data) < 4 {
		return nil, 0, false
	}
	payload, sum = data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	return payload, sum, crc32.Checksum(payload, castagnoli) == sum
}

// ReadSealed is Unseal of the size bytes r holds (a file of that size),
// the payload read once, straight into the string it returns: strings that
// Decoder.Decode takes out of it are slices of it, so a caller needs no
// second copy of a large payload (Unmarshal's conversion; a load cache is
// ~700 KB at 1,000 scenes). ok is false when r holds another length or
// the checksum does not hold.
func ReadSealed(r io.Reader, size int) (payload string, sum uint32, ok bool) {
	if size < 4 {
		return "", 0, false
	}
	var b strings.Builder
	b.Grow(size - 4)
	h := crc32.New(castagnoli)
	if _, err := io.CopyBuffer(io.MultiWriter(&b, h), io.LimitReader(r, int64(size-4)), make([]byte, 64<<10)); err != nil || b.Len() != size-4 {
		return "", 0, false
	}
	var trailer [5]byte // one byte more than the trailer: r must end there
	if n, _ := io.ReadFull(r, trailer[:]); n != 4 {
		return "", 0, false
	}
	sum = binary.BigEndian.Uint32(trailer[:4])
	return b.String(), sum, h.Sum32() == sum
}

// A log is records appended one after another, each its payload's length
// and CRC-32C (4 bytes each, little-endian), then the payload: a save
// appends what changed as one record, and a crash during it leaves a torn
// or damaged record at the end, where reading stops (the index's
// segments.log, the anchor store).

// RecordHeader is the length of a record's header.
const RecordHeader = 8

// AppendRecord appends payload to b as a log record.
func AppendRecord(b, payload []byte) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(len(payload)))
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(payload, castagnoli))
	return append(b, payload...)
}

// NextRecord returns the payload of the record data starts with and its
// whole length; ok is false when data holds no whole record whose
// checksum holds (its end, or a torn or damaged record). An empty payload
// is no record: a run of zeros is what a crash may leave.
func NextRecord(data []byte) (payload []byte, n int, ok bool) {
	if len(data) < RecordHeader {
		return nil, 0, false
	}
	l := uint64(binary.LittleEndian.Uint32(data))
	if l == 0 || l > uint64(len(data)-RecordHeader) {
		return nil, 0, false
	}
	payload = data[RecordHeader : RecordHeader+int(l)]
	if crc32.Checksum(payload, castagnoli) != binary.LittleEndian.Uint32(data[4:]) {
		return nil, 0, false
	}
	return payload, RecordHeader + int(l), true
}
