#pragma once
// Workspace: what a saved session restores (model path, tokenizer folder, prompt, candidates,
// intervention plan, heads on screen, score mode, compare mode, palette, colour scale, open
// experiment results), as JSON. A relative model
// path is relative to the workspace file's folder (shipped workspaces name "../demo-models/<name>").
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
    bool compare = false;  // difference to the unablated run shown
    int palette = -1;  // heatmap palette index (views::paletteFromIndex); -1 = the user's setting
    bool logScale = false;  // heatmaps on a log colour scale
    bool sharedRange = true;  // Gather and Aggregate maps on one colour range
    // Experiment results open in the experiment panels (result.json files). Saved relative to the
    // workspace file's folder when they lie under it; load() resolves them like the model path.
    QStringList experimentResults;
    // The server the model runs on (docs/remote.md): its address, token file, TLS certificate and SSH
    // destination, never the token; empty address = this computer (modelPath is then the server's path).
    QString serverAddress, serverTokenFile, serverTlsCa, serverSsh;

    QJsonObject toJson() const;
    static Workspace fromJson(const QJsonObject& json);
    // Atomic write (QSaveFile). false + error on failure.
    bool save(const QString& path, QString* error = nullptr) const;
    // Resolves a relative model path against the workspace file's folder.
    static bool load(const QString& path, Workspace* out, QString* error = nullptr);
    friend bool operator==(const Workspace&, const Workspace&) = default;
};

// Parses "L17.H24" (also "L17H24", "17.24"); false if malformed.
bool parseHeadName(const QString& text, views::HeadCell* out);

}  // namespace gna::studio
