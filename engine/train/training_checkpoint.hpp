// Checkpoints of the trainer's long jobs. `train fit`'s is written (atomically) after every trained stage, read by
// `train fit --resume`. Besides the trainer's state it keeps what the run depended on: its
// settings and the checksums of its training and validation sets, so that a resume with other
// settings or other data is refused instead of mixing two runs into one set of weights.
#pragma once

#include <cstdint>
#include <string>

#include "train/trainer.hpp"
#include "train/training_set.hpp"

namespace outflank {

struct FitCheckpoint {
    std::string settings;  // fit_settings_text() of the run
    std::uint64_t train_checksum = 0, validation_checksum = 0;
    TrainerState state;
};

// Every option that changes the weights, as "key=value" words (thread count included: the fit
// sums its gradient in one slice per thread, and the rounding depends on the slices).
std::string fit_settings_text(const TrainerOptions& options);
// A checksum of a set's content (positions, counts, results, exact scores), independent of the file.
std::uint64_t training_set_checksum(const TrainingSet& set);

// Binary: magic, version, settings, checksums, state, FNV-1a of it all. save() writes through
// write_file_atomic; load() throws Error naming the file and what is wrong.
void save_fit_checkpoint(const FitCheckpoint& checkpoint, const std::string& path);
FitCheckpoint load_fit_checkpoint(const std::string& path);

// Throws Error with a clear message when `checkpoint` was not made by a run with these settings
// and data (`path` names the checkpoint in the message).
void check_fit_checkpoint_matches(const FitCheckpoint& checkpoint, const std::string& path,
                                  const std::string& settings, std::uint64_t train_checksum,
                                  std::uint64_t validation_checksum);

// The checkpoint of `train data`, written when it is stopped while solving: the collected set
// with the exact scores found so far (the others still kUnknownScore), and what it was made from.
struct DataCheckpoint {
    std::string settings;  // the options and the checksums of the input files
    std::uint64_t games = 0, skipped = 0;  // finished games read, unfinished ones skipped
    TrainingSet set;
};

void save_data_checkpoint(const DataCheckpoint& checkpoint, const std::string& path);
DataCheckpoint load_data_checkpoint(const std::string& path);

}  // namespace outflank
