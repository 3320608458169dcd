"""Mr. Sneaky (ミスター・スニーキー): a two-player duel of a Rich Man hiding a treasure behind
eight doors and a Thief who sneaks from room to room to steal it; roles swap every round."""
