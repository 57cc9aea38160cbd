// The little JSON the benchmark needs: a value type, a strict parser (for the PyTorch baseline's
// output) and helpers for writing (numbers that stay valid JSON, escaped strings).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace bench {

class JsonValue {
public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    Kind kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<JsonValue> array;
    std::map<std::string, JsonValue> object;

    bool isNull() const { return kind == Kind::Null; }
    bool isNumber() const { return kind == Kind::Number; }
    bool isString() const { return kind == Kind::String; }
    // Member lookup that tolerates absence: returns a null value when this is not an object or lacks `key`.
    const JsonValue &operator[](const std::string &key) const;
    std::string stringOr(const std::string &fallback) const { return isString() ? string : fallback; }
    double numberOr(double fallback) const { return isNumber() ? number : fallback; }
};

// Throws std::runtime_error with the byte offset on malformed input.
JsonValue parseJson(const std::string &text);
JsonValue parseJsonFile(const std::string &path);

// "\"...\"" with JSON escapes.
std::string jsonString(const std::string &s);
// A number, or null when it is not finite (JSON has no NaN/Inf).
std::string jsonNumber(double v);

}  // namespace bench
