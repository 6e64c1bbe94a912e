// ascsim faults: ascsim::fail(api, parts...) stops a simulated AscendC call with a message.
// The message is built from its parts as std::ostream's << formats them (integers in
// decimal, char types as characters, bool as 0/1, floating point as %g with precision 6,
// C strings and string-like objects verbatim) without <sstream> or <string>: this header
// is read by every kernel translation unit, host tiling included (autofuse/scalar.h), and
// those standard headers were most of the time g++ spent on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace ascsim {

// Throws ascsim::Fault (core.h) with the message "<api>: <what>". Defined once, in the
// simulator's ABI object (runtime/sim/abi.cpp), which every simulated kernel links.
[[noreturn]] void raise_fault(const char* api, const char* what);

namespace detail {

class Message {
  public:
    Message() = default;
    Message(const Message&) = delete;
    Message& operator=(const Message&) = delete;
    ~Message() {
        if (data_ != small_) std::free(data_);
    }

    const char* c_str() const { return data_; }
    size_t size() const { return size_; }

    template <typename T>
    Message& operator<<(const T& v) {
        using U = std::remove_cv_t<T>;
        if constexpr (std::is_same_v<U, bool>) {
            put_unsigned(v ? 1u : 0u);
        } else if constexpr (std::is_same_v<U, char> || std::is_same_v<U, signed char> ||
                             std::is_same_v<U, unsigned char>) {
            const char c = static_cast<char>(v);
            put(&c, 1);
        } else if constexpr (std::is_integral_v<U>) {
            if constexpr (std::is_signed_v<U>) {
                if (v < 0) {
                    put("-", 1);
                    put_unsigned(0ULL - static_cast<unsigned long long>(v));
                } else {
                    put_unsigned(static_cast<unsigned long long>(v));
                }
            } else {
                put_unsigned(static_cast<unsigned long long>(v));
            }
        } else if constexpr (std::is_enum_v<U>) {
            static_assert(std::is_convertible_v<U, long long>, "ascsim::fail: cast a scoped enum to int first");
            *this << static_cast<std::underlying_type_t<U>>(v);  // as << converts it
        } else if constexpr (std::is_floating_point_v<U>) {
            char buf[64];
            int n = std::is_same_v<U, long double> ? std::snprintf(buf, sizeof(buf), "%.*Lg", 6, (long double)v)
                                                   : std::snprintf(buf, sizeof(buf), "%.*g", 6, (double)v);
            put(buf, n < 0 ? 0 : size_t(n) < sizeof(buf) ? size_t(n) : sizeof(buf) - 1);
        } else if constexpr (std::is_convertible_v<const T&, const char*>) {
            const char* s = v;
            put(s, std::strlen(s));
        } else {
            static_assert(std::is_convertible_v<decltype(v.size()), size_t>,
                          "ascsim::fail: unsupported message part (use integers, floats, chars, strings)");
            put(v.data(), size_t(v.size()));  // std::string, std::string_view
        }
        return *this;
    }

  private:
    void put_unsigned(unsigned long long u) {
        char buf[24];
        char* end = buf + sizeof(buf);
        char* p = end;
        do {
            *--p = char('0' + u % 10);
            u /= 10;
        } while (u != 0);
        put(p, size_t(end - p));
    }

    void put(const char* s, size_t n) {
        if (size_ + n + 1 > capacity_) {
            size_t capacity = capacity_ * 2;
            while (capacity < size_ + n + 1) capacity *= 2;
            char* grown = static_cast<char*>(std::malloc(capacity));
            if (grown == nullptr) std::abort();
            std::memcpy(grown, data_, size_ + 1);
            if (data_ != small_) std::free(data_);
            data_ = grown;
            capacity_ = capacity;
        }
        std::memcpy(data_ + size_, s, n);
        size_ += n;
        data_[size_] = '\0';
    }

    char small_[256] = {};
    char* data_ = small_;
    size_t size_ = 0;
    size_t capacity_ = sizeof(small_);
};

}  // namespace detail

template <typename... Parts>
[[noreturn]] inline void fail(const char* api, const Parts&... parts) {
    detail::Message m;
    (m << ... << parts);
    raise_fault(api, m.c_str());
}

}  // namespace ascsim
