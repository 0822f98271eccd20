#include "workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

namespace gna::studio {

namespace {
constexpr int kFormatVersion = 1;

QJsonArray headsToJson(const views::HeadCells& heads) {
    QJsonArray a;
    for (const auto& h : heads) a.append(h.name());
    return a;
}

// The head names of a JSON array; the entries that are not head names go to *unreadable as written.
views::HeadCells headsFromJson(const QJsonValue& v, QStringList* unreadable = nullptr) {
    views::HeadCells out;
    for (const QJsonValue& e : v.toArray()) {
        views::HeadCell c;
        if (parseHeadName(e.toString(), &c))
            out << c;
        else if (unreadable)
            *unreadable << (e.isString()
                                ? e.toString()
                                : QString::fromUtf8(QJsonDocument(QJsonArray{e}).toJson(QJsonDocument::Compact))
                                      .mid(1)
                                      .chopped(1));
    }
    return out;
}

QString tr(const char* s) { return QCoreApplication::translate("gna::studio::Workspace", s); }
}  // namespace

bool parseHeadName(const QString& text, views::HeadCell* out) {
    static const QRegularExpression re(QStringLiteral("^\\s*[Ll]?(\\d+)\\.?([HhSs]?)(\\d+)\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch()) return false;
    out->layer = m.captured(1).toInt();
    out->ssm = m.captured(2).compare(QStringLiteral("s"), Qt::CaseInsensitive) == 0;
    out->head = m.captured(3).toInt();
    return true;
}

bool SavedWorkspace::differs(const Workspace& now) const {
    const auto content = [](const Workspace& w) {
        QJsonObject o = w.toJson();
        o.remove(QStringLiteral("views"));
        QJsonObject views;
        views[QStringLiteral("attention_heads")] = headsToJson(w.shownHeads);
        views[QStringLiteral("compare")] = w.compare;
        o[QStringLiteral("views")] = views;
        return o;
    };
    return content(now) != content(m_saved);
}

QJsonObject Workspace::toJson() const {
    QJsonObject o;
    o[QStringLiteral("format")] = QStringLiteral("gna-studio-workspace");
    o[QStringLiteral("version")] = kFormatVersion;
    o[QStringLiteral("model")] = modelPath;
    if (!tokenizerPath.isEmpty()) o[QStringLiteral("tokenizer")] = tokenizerPath;
    o[QStringLiteral("prompt")] = prompt;
    o[QStringLiteral("candidates")] = QJsonArray::fromStringList(candidates);
    QJsonObject plan;
    plan[QStringLiteral("ablate")] = headsToJson(ablated);
    o[QStringLiteral("plan")] = plan;
    QJsonObject views;
    views[QStringLiteral("attention_heads")] = headsToJson(shownHeads);
    views[QStringLiteral("score_mode")] = scoreMode;
    views[QStringLiteral("selected_token")] = selectedToken;
    views[QStringLiteral("compare")] = compare;
    if (palette >= 0) views[QStringLiteral("palette")] = palette;
    views[QStringLiteral("log_scale")] = logScale;
    views[QStringLiteral("shared_range")] = sharedRange;
    o[QStringLiteral("views")] = views;
    if (!experimentResults.isEmpty())
        o[QStringLiteral("experiment_results")] = QJsonArray::fromStringList(experimentResults);
    if (!serverAddress.isEmpty())
        o[QStringLiteral("server")] = QJsonObject{{QStringLiteral("address"), serverAddress},
                                                  {QStringLiteral("token_file"), serverTokenFile},
                                                  {QStringLiteral("tls_certificate"), serverTlsCa},
                                                  {QStringLiteral("ssh"), serverSsh}};
    return o;
}

Workspace Workspace::fromJson(const QJsonObject& o) {
    Workspace w;
    w.modelPath = o.value(QStringLiteral("model")).toString();
    w.tokenizerPath = o.value(QStringLiteral("tokenizer")).toString();
    w.prompt = o.value(QStringLiteral("prompt")).toString();
    for (const QJsonValue& v : o.value(QStringLiteral("candidates")).toArray()) w.candidates << v.toString();
    w.ablated =
        headsFromJson(o.value(QStringLiteral("plan")).toObject().value(QStringLiteral("ablate")), &w.unreadableAblated);
    const QJsonObject views = o.value(QStringLiteral("views")).toObject();
    w.shownHeads = headsFromJson(views.value(QStringLiteral("attention_heads")));
    w.scoreMode = views.value(QStringLiteral("score_mode")).toInt();
    w.selectedToken = views.value(QStringLiteral("selected_token")).toInt(-1);
    w.compare = views.value(QStringLiteral("compare")).toBool(false);
    w.palette = views.value(QStringLiteral("palette")).toInt(-1);
    w.logScale = views.value(QStringLiteral("log_scale")).toBool(false);
    w.sharedRange = views.value(QStringLiteral("shared_range")).toBool(true);
    for (const QJsonValue& v : o.value(QStringLiteral("experiment_results")).toArray())
        w.experimentResults << v.toString();
    const QJsonObject server = o.value(QStringLiteral("server")).toObject();
    w.serverAddress = server.value(QStringLiteral("address")).toString();
    w.serverTokenFile = server.value(QStringLiteral("token_file")).toString();
    w.serverTlsCa = server.value(QStringLiteral("tls_certificate")).toString();
    w.serverSsh = server.value(QStringLiteral("ssh")).toString();
    return w;
}

bool Workspace::save(const QString& path, QString* error) const {
    Workspace w = *this;
    const QDir folder = QFileInfo(path).absoluteDir();
    for (QString& r : w.experimentResults) {
        const QString rel = folder.relativeFilePath(QFileInfo(r).absoluteFilePath());
        if (!rel.startsWith(QStringLiteral(".."))) r = rel;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error) *error = tr("Cannot write the workspace file %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(QJsonDocument(w.toJson()).toJson(QJsonDocument::Indented));
    if (!f.commit()) {
        if (error) *error = tr("Cannot write the workspace file %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

bool Workspace::load(const QString& path, Workspace* out, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("Cannot open the workspace file %1: %2").arg(path, f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error = tr("The workspace file %1 is not valid JSON (%2 at byte %3).")
                         .arg(path, pe.errorString())
                         .arg(pe.offset);
        return false;
    }
    if (doc.object().value(QStringLiteral("format")).toString() != QLatin1String("gna-studio-workspace")) {
        if (error) *error = tr("The file %1 is not a G&A Studio workspace.").arg(path);
        return false;
    }
    *out = fromJson(doc.object());
    out->file = path;
    // a server's model path is the server's (absolute, or under its first root)
    if (!out->modelPath.isEmpty() && out->serverAddress.isEmpty() && QFileInfo(out->modelPath).isRelative())
        out->modelPath = QDir::cleanPath(QFileInfo(path).absoluteDir().absoluteFilePath(out->modelPath));
    for (QString& r : out->experimentResults)
        if (QFileInfo(r).isRelative()) r = QDir::cleanPath(QFileInfo(path).absoluteDir().absoluteFilePath(r));
    return true;
}

}  // namespace gna::studio
