"""National Economy (ナショナルエコノミー): worker placement around a shared household purse."""
