#pragma once
// StudioSettings: the one typed wrapper over QSettings. Every persisted preference has a getter
// and a setter here; no string keys elsewhere.
#include <QByteArray>
#include <QDateTime>
#include <QSettings>
#include <QStringList>
#include <QVariantList>

namespace gna::studio {

enum class Theme { System, Light, Dark };

class StudioSettings {
public:
    StudioSettings();

    QStringList recentModels() const;
    void addRecentModel(const QString& dir);  // most recent first, at most 8
    void setRecentModels(const QStringList& dirs);

    // The servers connected to (server_menu.cpp's maps: address, tokenFile, tlsCa, ssh), most recent
    // first; never a token.
    QVariantList recentServers() const;
    void setRecentServers(const QVariantList& servers);

    QString language() const;  // "" = system, "en", "de", "zh_CN"
    void setLanguage(const QString& code);
    bool useCuda() const;  // the device models are loaded on: CUDA when available and chosen, else CPU
    void setUseCuda(bool on);
    bool computeBf16() const;  // models compute in bf16 (CUDA, or a CPU with bf16 instructions) instead of f32
    void setComputeBf16(bool on);

    Theme theme() const;
    void setTheme(Theme theme);

    int paletteIndex() const;  // gna::views::Palette
    void setPaletteIndex(int index);

    int autosaveSeconds() const;  // 0 = off
    void setAutosaveSeconds(int seconds);

    // Figure exports in paper colours (white background, dark text) rather than the theme's: the
    // Export figure dialog's check box, which Export figure set and the KV-map figures follow.
    bool paperColours() const;  // default true
    void setPaperColours(bool on);

    QString lastDirectory() const;
    void setLastDirectory(const QString& dir);

    // When the window last closed cleanly (invalid = never). An autosave newer than this means
    // the previous session ended without closing the window (a crash): offer to restore it.
    QDateTime lastCleanExit() const;
    void setLastCleanExit(const QDateTime& t);

    // Whether the guided tour has been offered (it opens by itself on the first start only).
    bool tourShown() const;
    void setTourShown(bool shown);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& g);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& s);

private:
    mutable QSettings m_settings;
};

}  // namespace gna::studio
