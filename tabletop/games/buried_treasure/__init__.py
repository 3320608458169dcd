"""Buried Treasure (埋蔵金, provisional title): a 2-6 player hidden-sum bidding game."""
