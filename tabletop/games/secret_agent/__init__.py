"""Secret Agent (シークレットエージェント): espionage for 3 to 6 countries, with spies, super spies
and roll-under dice."""
