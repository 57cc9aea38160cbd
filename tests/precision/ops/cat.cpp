// Cat in the precision report: 2 to 4 tensors of the dtype, of one drawn shape but for their sizes along a
// drawn dim (negative or not), joined into an out of the dtype: a copy, judged bit for bit against
// support/glue_ref.h's reference.
#include <string>

#include "harness/cat.h"
#include "precision/ops/elementwise.h"
#include "support/glue_ref.h"
#include "support/tensor_list.h"

namespace precision {
namespace {

CaseOutcome runCat(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 8);
    const auto rank = static_cast<int64_t>(shape.size());
    const int64_t along = draw.integer(0, rank - 1);
    const int64_t dim = draw.coin() ? along : along - rank;
    const int64_t count = draw.integer(2, 4);
    std::vector<std::vector<int64_t>> shapes;
    std::vector<std::vector<double>> values;
    std::vector<DeviceTensor> tensors;
    std::vector<int64_t> outShape = shape;
    outShape[static_cast<size_t>(along)] = 0;
    std::string text;
    for (int64_t i = 0; i < count; ++i) {
        std::vector<int64_t> s = shape;
        s[static_cast<size_t>(along)] = draw.integer(1, 8);
        outShape[static_cast<size_t>(along)] += s[static_cast<size_t>(along)];
        values.push_back(draw.values(static_cast<size_t>(numel(s)), dtype));
        tensors.push_back(uploaded(s, dtype, values.back()));
        text += (i ? " " : "") + shapeText(s);
        shapes.push_back(std::move(s));
    }
    std::vector<testing_support::RefPart> parts;
    std::vector<const aclTensor *> handles;
    for (size_t i = 0; i < tensors.size(); ++i) {
        parts.push_back({shapes[i], dtype, &values[i]});
        handles.push_back(tensors[i].get());
    }
    const testing_support::TensorList list(handles);
    DeviceTensor out(outShape, dtype);
    runOrThrow(testing_support::kCat, {list.get(), dim, out}, stream);
    return {text + " dim " + std::to_string(dim),
            {output("out", out, testing_support::refCat(parts, static_cast<size_t>(along), dtype, dtype),
                    Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnCat", testing_support::kCatDtypes, runCat);

}  // namespace
}  // namespace precision
