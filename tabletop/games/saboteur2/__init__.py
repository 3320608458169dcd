"""Saboteur 2 (お邪魔者2): secret roles, a tunnel maze of path cards, three rounds of gold."""
