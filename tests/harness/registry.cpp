// The harness registry (tests/reliability_harness.h): each tests/harness/<op>.cpp registers its
// operator's case at static-initialisation time; the tests ask for all of them, in api-name order.
#include <algorithm>
#include <map>
#include <stdexcept>

#include "reliability_harness.h"

namespace reliability {
namespace {

// A function-local static: registrations run from other files' static initialisers, in any order.
std::map<std::string, HarnessFactory> &registry() {
    static auto *factories = new std::map<std::string, HarnessFactory>();  // never destroyed
    return *factories;
}

}  // namespace

HarnessRegistration::HarnessRegistration(const char *api, HarnessFactory factory) {
    if (!registry().emplace(api, factory).second) throw std::logic_error(std::string("two harnesses for ") + api);
}

std::vector<std::string> registeredHarnessApis() {
    std::vector<std::string> apis;
    for (const auto &entry : registry()) apis.push_back(entry.first);
    return apis;
}

std::unique_ptr<OpHarness> makeHarness(const std::string &api, Layout layout, uint64_t seed) {
    auto it = registry().find(api);
    if (it == registry().end()) throw std::runtime_error("no reliability harness registered for " + api);
    auto h = it->second(layout, seed);
    if (h->api != api) throw std::logic_error("harness registered as " + api + " says it is " + h->api);
    return h;
}

std::vector<std::unique_ptr<OpHarness>> makeAllHarnesses(Layout layout, uint64_t seed) {
    std::vector<std::unique_ptr<OpHarness>> all;
    uint64_t s = seed;
    for (const auto &entry : registry()) {
        all.push_back(makeHarness(entry.first, layout, s));
        s += 10;
    }
    return all;
}

}  // namespace reliability
