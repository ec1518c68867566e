one two
