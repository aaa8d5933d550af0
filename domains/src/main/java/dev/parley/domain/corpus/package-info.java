/**
 * What every reader of a public corpus shares (CaSiNo's dialogues in {@code campsite}, the Deal-or-No-Deal boards in
 * {@code dealornodeal}): the one error a corpus file that cannot be read raises, naming the file and the record at
 * fault, so that the command line prints it as one line and no domain depends on another's reader.
 */
package dev.parley.domain.corpus;
