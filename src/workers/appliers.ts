// Owns the list of queue item kinds and the area functions that apply them.
