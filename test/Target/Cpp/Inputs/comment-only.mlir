// Only a comment: an implicit, empty module.
