#pragma once
// Workspace: what a saved session restores (model path, tokenizer folder, prompt, candidates,
// intervention plan, heads on screen, score mode), as JSON.
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include "head_cell.h"

namespace gna::studio {

struct Workspace {
    QString modelPath;
    QString tokenizerPath;  // tokenizer files from another folder; empty = the model's own
    QString prompt;
    QStringList candidates;
    views::HeadCells ablated;
    views::HeadCells shownHeads;  // heads whose attention maps are open
    int scoreMode = 0;
    int selectedToken = -1;

    QJsonObject toJson() const;
    static Workspace fromJson(const QJsonObject& json);
    // Atomic write (QSaveFile). false + error on failure.
    bool save(const QString& path, QString* error = nullptr) const;
    static bool load(const QString& path, Workspace* out, QString* error = nullptr);
    friend bool operator==(const Workspace&, const Workspace&) = default;
};

// Parses "L17.H24" (also "L17H24", "17.24"); false if malformed.
bool parseHeadName(const QString& text, views::HeadCell* out);

}  // namespace gna::studio
