// The one error type of the project: it carries a message written for the user.
// The command line maps it to exit code 2; the protocols to a `?` answer or a stderr line.
#pragma once

#include <stdexcept>
#include <string>

namespace outflank {

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace outflank
