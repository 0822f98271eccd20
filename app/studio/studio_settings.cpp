#include "studio_settings.h"

namespace gna::studio {

namespace key {
const QString recent = QStringLiteral("models/recent");
const QString servers = QStringLiteral("servers/recent");
const QString language = QStringLiteral("ui/language");
const QString cuda = QStringLiteral("models/useCuda");
const QString bf16 = QStringLiteral("models/computeBf16");
const QString theme = QStringLiteral("ui/theme");
const QString palette = QStringLiteral("ui/palette");
const QString autosave = QStringLiteral("session/autosaveSeconds");
const QString lastDir = QStringLiteral("models/lastDirectory");
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString cleanExit = QStringLiteral("session/lastCleanExit");
const QString tourShown = QStringLiteral("ui/tourShown");
const QString paperColours = QStringLiteral("export/paperColours");
}  // namespace key

StudioSettings::StudioSettings() : m_settings(QStringLiteral("G&A Studio"), QStringLiteral("gna-studio")) {}

QStringList StudioSettings::recentModels() const { return m_settings.value(key::recent).toStringList(); }

void StudioSettings::addRecentModel(const QString& dir) {
    QStringList list = recentModels();
    list.removeAll(dir);
    list.prepend(dir);
    while (list.size() > 8) list.removeLast();
    setRecentModels(list);
}

void StudioSettings::setRecentModels(const QStringList& dirs) { m_settings.setValue(key::recent, dirs); }

QVariantList StudioSettings::recentServers() const { return m_settings.value(key::servers).toList(); }
void StudioSettings::setRecentServers(const QVariantList& servers) { m_settings.setValue(key::servers, servers); }

QString StudioSettings::language() const { return m_settings.value(key::language).toString(); }
void StudioSettings::setLanguage(const QString& code) { m_settings.setValue(key::language, code); }

bool StudioSettings::useCuda() const { return m_settings.value(key::cuda, false).toBool(); }
void StudioSettings::setUseCuda(bool on) { m_settings.setValue(key::cuda, on); }
bool StudioSettings::computeBf16() const { return m_settings.value(key::bf16, false).toBool(); }
void StudioSettings::setComputeBf16(bool on) { m_settings.setValue(key::bf16, on); }

Theme StudioSettings::theme() const {
    const int v = m_settings.value(key::theme, 0).toInt();
    return v == 1 ? Theme::Light : v == 2 ? Theme::Dark : Theme::System;
}
void StudioSettings::setTheme(Theme theme) { m_settings.setValue(key::theme, static_cast<int>(theme)); }

int StudioSettings::paletteIndex() const { return m_settings.value(key::palette, 0).toInt(); }
void StudioSettings::setPaletteIndex(int index) { m_settings.setValue(key::palette, index); }

int StudioSettings::autosaveSeconds() const { return m_settings.value(key::autosave, 60).toInt(); }
void StudioSettings::setAutosaveSeconds(int seconds) { m_settings.setValue(key::autosave, seconds); }

bool StudioSettings::paperColours() const { return m_settings.value(key::paperColours, true).toBool(); }
void StudioSettings::setPaperColours(bool on) { m_settings.setValue(key::paperColours, on); }

QString StudioSettings::lastDirectory() const { return m_settings.value(key::lastDir).toString(); }
void StudioSettings::setLastDirectory(const QString& dir) { m_settings.setValue(key::lastDir, dir); }

QDateTime StudioSettings::lastCleanExit() const { return m_settings.value(key::cleanExit).toDateTime(); }
void StudioSettings::setLastCleanExit(const QDateTime& t) {
    m_settings.setValue(key::cleanExit, t);
    m_settings.sync();
}

bool StudioSettings::tourShown() const { return m_settings.value(key::tourShown, false).toBool(); }
void StudioSettings::setTourShown(bool shown) {
    m_settings.setValue(key::tourShown, shown);
    m_settings.sync();
}

QByteArray StudioSettings::windowGeometry() const { return m_settings.value(key::geometry).toByteArray(); }
void StudioSettings::setWindowGeometry(const QByteArray& g) { m_settings.setValue(key::geometry, g); }
QByteArray StudioSettings::windowState() const { return m_settings.value(key::state).toByteArray(); }
void StudioSettings::setWindowState(const QByteArray& s) { m_settings.setValue(key::state, s); }

}  // namespace gna::studio
