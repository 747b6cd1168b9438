"""The English default list: wordfreq and WordNet words, their scores, tags and evidence."""
