#pragma once
// Token-id lists as QCOMPARE prints them on a failure: {1, 2, 3}.
#include <QByteArray>
#include <QtTest>

#include <vector>

namespace QTest {
template <>
inline char* toString(const std::vector<int>& v) {
    QByteArray s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + QByteArray::number(v[i]);
    return qstrdup(s + "}");
}
}  // namespace QTest
