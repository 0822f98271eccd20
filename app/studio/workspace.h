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
    // Not saved: the file load() read (named in messages), and the entries of its plan.ablate that are
    // not head names ("bogus"), as written; the window that applies the workspace says what is wrong
    // with each, and with the heads the model lacks.
    QString file;
    QStringList unreadableAblated;
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
    // Equal when they save the same file.
    friend bool operator==(const Workspace& a, const Workspace& b) { return a.toJson() == b.toJson(); }
};

// The workspace file a session was last saved to or opened from, and what it held then: tells the
// session's unsaved changes apart (File ▸ Save workspace, the question on quitting). View preferences
// (score mode, palette, colour scale, selected token) are not changes of the session.
class SavedWorkspace {
public:
    void savedAs(const QString& file, const Workspace& w) {
        m_file = file;
        m_saved = w;
    }
    void fresh(const Workspace& w) { m_saved = w; }  // a model opened: nothing unsaved yet (the file kept)
    QString file() const { return m_file; }
    bool differs(const Workspace& now) const;

private:
    QString m_file;
    Workspace m_saved;
};

// Parses "L17.H24" (also "L17H24", "17.24"); false if malformed.
bool parseHeadName(const QString& text, views::HeadCell* out);

}  // namespace gna::studio
