#include "json.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bench {

namespace {

class Parser {
public:
    explicit Parser(const std::string &text) : s_(text) {}

    JsonValue document() {
        JsonValue v = value();
        skipSpace();
        if (pos_ != s_.size()) error("trailing characters");
        return v;
    }

private:
    [[noreturn]] void error(const std::string &what) const {
        throw std::runtime_error("JSON: " + what + " at byte " + std::to_string(pos_));
    }
    void skipSpace() {
        while (pos_ < s_.size() && std::strchr(" \n\r\t", s_[pos_]) && s_[pos_] != '\0') ++pos_;
    }
    bool consume(const char *word) {
        size_t n = std::char_traits<char>::length(word);
        if (s_.compare(pos_, n, word) != 0) return false;
        pos_ += n;
        return true;
    }
    char peek() {
        skipSpace();
        if (pos_ >= s_.size()) error("unexpected end");
        return s_[pos_];
    }

    JsonValue value() {
        char c = peek();
        JsonValue v;
        if (c == '{') return object();
        if (c == '[') return array();
        if (c == '"') {
            v.kind = JsonValue::Kind::String;
            v.string = string();
            return v;
        }
        bool isTrue = consume("true");
        if (isTrue || consume("false")) {
            v.kind = JsonValue::Kind::Bool;
            v.boolean = isTrue;
            return v;
        }
        if (consume("null")) return v;
        // Python's json writes NaN/Infinity unless told not to; accept them as null.
        if (consume("NaN") || consume("Infinity") || consume("-Infinity")) return v;
        return numberValue();
    }

    JsonValue numberValue() {
        size_t start = pos_;
        while (pos_ < s_.size() && std::string("+-0123456789.eE").find(s_[pos_]) != std::string::npos) ++pos_;
        if (start == pos_) error("unexpected character");
        JsonValue v;
        v.kind = JsonValue::Kind::Number;
        try {
            v.number = std::stod(s_.substr(start, pos_ - start));
        } catch (const std::exception &) {
            error("bad number");
        }
        return v;
    }

    std::string string() {
        ++pos_;  // opening quote
        std::string out;
        while (true) {
            if (pos_ >= s_.size()) error("unterminated string");
            char c = s_[pos_++];
            if (c == '"') return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= s_.size()) error("unterminated escape");
            char e = s_[pos_++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {
                    if (pos_ + 4 > s_.size()) error("short \\u escape");
                    unsigned code = static_cast<unsigned>(std::stoul(s_.substr(pos_, 4), nullptr, 16));
                    pos_ += 4;
                    // Enough UTF-8 for the names we exchange (no surrogate pairs expected).
                    if (code < 0x80) {
                        out += static_cast<char>(code);
                    } else if (code < 0x800) {
                        out += static_cast<char>(0xc0 | (code >> 6));
                        out += static_cast<char>(0x80 | (code & 0x3f));
                    } else {
                        out += static_cast<char>(0xe0 | (code >> 12));
                        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
                        out += static_cast<char>(0x80 | (code & 0x3f));
                    }
                    break;
                }
                default: out += e; break;  // \" \\ \/
            }
        }
    }

    JsonValue array() {
        ++pos_;
        JsonValue v;
        v.kind = JsonValue::Kind::Array;
        if (peek() == ']') {
            ++pos_;
            return v;
        }
        while (true) {
            v.array.push_back(value());
            char c = peek();
            ++pos_;
            if (c == ']') return v;
            if (c != ',') error("expected , or ]");
        }
    }

    JsonValue object() {
        ++pos_;
        JsonValue v;
        v.kind = JsonValue::Kind::Object;
        if (peek() == '}') {
            ++pos_;
            return v;
        }
        while (true) {
            if (peek() != '"') error("expected a member name");
            std::string key = string();
            if (peek() != ':') error("expected :");
            ++pos_;
            v.object[key] = value();
            char c = peek();
            ++pos_;
            if (c == '}') return v;
            if (c != ',') error("expected , or }");
        }
    }

    const std::string &s_;
    size_t pos_ = 0;
};

}  // namespace

const JsonValue &JsonValue::operator[](const std::string &key) const {
    static const JsonValue kNull;
    if (kind != Kind::Object) return kNull;
    auto it = object.find(key);
    return it == object.end() ? kNull : it->second;
}

JsonValue parseJson(const std::string &text) { return Parser(text).document(); }

JsonValue parseJsonFile(const std::string &path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return parseJson(buffer.str());
}

std::string jsonString(const std::string &s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

std::string jsonNumber(double v) {
    if (!std::isfinite(v)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.12g", v);
    return buf;
}

}  // namespace bench
