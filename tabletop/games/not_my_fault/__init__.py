"""Not My Fault! (仮): a 2-5 player bluffing game of face-down progress cards and milestones."""
