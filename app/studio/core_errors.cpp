#include "core_errors.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <iterator>

#include "gna/error.h"

namespace gna::studio {

namespace {

// The formats of the core errors a user meets in the studio, as the core spells them (a test checks
// each against the error the core throws); lupdate collects them into the "CoreError" context.
const char* const kFormats[] = {
    // head names (head fields, spec files)
    QT_TRANSLATE_NOOP("CoreError",
                      "head '%1': expected L<layer>.H<head> (attention) or L<layer>.S<head> (SSM), e.g. L17.H24; "
                      "L17H24 and 17.24 are accepted too; layers and heads count from 0"),
    // experiment specs
    QT_TRANSLATE_NOOP("CoreError", "%1: \"%2\": %3"),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"%2\" has the wrong type (%3); expected %4"),
    QT_TRANSLATE_NOOP("CoreError", "%1: unknown key \"%2\" in a %3 task (a typo?); it takes %4"),
    QT_TRANSLATE_NOOP("CoreError", "%1: missing \"experiment\" (one of %2)"),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"experiment\": '%2' is not a known experiment (%3)"),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"%2\" is not a key of %3 (it is one of %4); see gna experiment --describe %3"),
    QT_TRANSLATE_NOOP("CoreError", "%1: unknown key \"%2\" (a typo?); %3 takes %4"),
    QT_TRANSLATE_NOOP("CoreError", "%1: the spec must be a JSON object"),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"%2\" must be an object with \"name\": %3"),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"task\" must be an object with \"name\""),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"tasks\" must be a non-empty list of tasks"),
    QT_TRANSLATE_NOOP("CoreError", "%1: give \"task\" or \"tasks\", not both"),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"ranking\" is required: a head_ranking result.json or a list of heads"),
    QT_TRANSLATE_NOOP("CoreError", "%1: \"gather\" and \"aggregate\" head lists are required"),
    QT_TRANSLATE_NOOP("CoreError",
                      "%1: \"gather\" and \"aggregate\" name no head: a G&A mask needs at least one attention head "
                      "(e.g. \"gather\": [\"L1.H0\"]); a model without attention heads has none to mask"),
    QT_TRANSLATE_NOOP("CoreError", "experiment: '%1' is not a known experiment (%2)"),
    QT_TRANSLATE_NOOP("CoreError", "task: '%1' is not one of %2"),
    // what is wrong with one value of a spec (the last part of "%1: \"%2\": %3")
    QT_TRANSLATE_NOOP("CoreError", "it must be at least %1"),
    QT_TRANSLATE_NOOP("CoreError", "values must be at least %1"),
    QT_TRANSLATE_NOOP("CoreError", "'%1' is not one of %2"),
    QT_TRANSLATE_NOOP("CoreError", "unknown manipulation mode '%1': use Keep, Null, Only, Omit or Binary"),
    QT_TRANSLATE_NOOP("CoreError", "experiment spec: \"%1\" names %2, which this model does not have"),
    // result files of an experiment and of its dependencies
    QT_TRANSLATE_NOOP(
        "CoreError",
        "experiment spec: \"ranking\" names %1, which is missing: run the head_ranking experiment it comes from "
        "first (gna experiment SPEC --out DIR writes DIR/result.json), or give the ranking as a list of heads"),
    QT_TRANSLATE_NOOP("CoreError",
                      "%1 is missing (no such result file); run the experiment that writes it first, or give "
                      "the path of an existing result.json"),
    QT_TRANSLATE_NOOP("CoreError", "%1 is corrupted (%2); delete it to start over, or use another --out folder"),
    QT_TRANSLATE_NOOP(
        "CoreError",
        "%1 is corrupted: its samples do not match their checksum (edited or truncated); delete it to start over"),
    QT_TRANSLATE_NOOP("CoreError", "%1 holds no head ranking (run an experiment \"head_ranking\" first)"),
    // JSON files
    QT_TRANSLATE_NOOP("CoreError", "%1: not valid JSON (%2). Check the file; it may be truncated."),
    QT_TRANSLATE_NOOP("CoreError", "%1: cannot open the file for reading (does it exist, is it readable?)"),
    // checkpoints
    QT_TRANSLATE_NOOP("CoreError", "%1: not found. A Hugging Face model folder needs config.json next to the weights."),
    QT_TRANSLATE_NOOP("CoreError", "%1: not a model folder (expected a directory with config.json and *.safetensors)"),
    QT_TRANSLATE_NOOP("CoreError", "%1: no model.safetensors or model.safetensors.index.json found"),
    QT_TRANSLATE_NOOP(
        "CoreError",
        "%1: no model.safetensors or model.safetensors.index.json found (several .safetensors files but no index)"),
    QT_TRANSLATE_NOOP("CoreError", "%1: cannot open (%2)"),
    QT_TRANSLATE_NOOP(
        "CoreError",
        "%1: truncated safetensors file: it has %2 bytes, fewer than the 8-byte header length. Re-download "
        "or re-export the checkpoint."),
    QT_TRANSLATE_NOOP(
        "CoreError",
        "%1: safetensors header length %2 goes beyond the file (%3 bytes); the file is truncated or not a "
        "safetensors file"),
    QT_TRANSLATE_NOOP("CoreError", "%1: safetensors header is not valid JSON (%2)"),
    QT_TRANSLATE_NOOP("CoreError",
                      "%1: tensor '%2' has shape %3 but config.json implies %4. config.json and the weights disagree."),
    QT_TRANSLATE_NOOP(
        "CoreError",
        "%1: the checkpoint has no tensor '%2'. The file is incomplete or belongs to a different architecture "
        "than config.json says."),
};

// Core errors whose remedy is a command-line flag (--tokenizer DIR): the studio names the place in its
// windows where the same choice is made, the Open model dialog's Tokenizer folder field, instead. The
// first text is the core's format (a test checks it against the error the core throws), the second the
// studio's, translated in the same context with the same arguments.
struct StudioWording {
    const char* core;
    const char* studio;
};
const StudioWording kStudioWordings[] = {
    {"%1 holds no tokenizer files (tokenizer.json or tokenizer.model), so text cannot be turned into tokens. Pass the "
     "tokenizer folder of the model family with --tokenizer DIR (state-spaces/mamba-* checkpoints use "
     "EleutherAI/gpt-neox-20b's tokenizer), or give token ids (gna run --input-ids 1,2,3).",
     QT_TRANSLATE_NOOP("CoreError",
                       "%1 holds no tokenizer files (tokenizer.json or tokenizer.model), so text cannot be turned into "
                       "tokens. Open the model again (File ▸ Open model…) and choose the tokenizer folder of the model "
                       "family in the dialog's Tokenizer folder field (state-spaces/mamba-* checkpoints use "
                       "EleutherAI/gpt-neox-20b's tokenizer).")},
    {"--tokenizer %1: not a folder holding tokenizer.json or tokenizer.model. Give the folder of a checkpoint (or a "
     "tokenizer-only download) of the same model family.",
     QT_TRANSLATE_NOOP(
         "CoreError",
         "Tokenizer folder %1 (Open model dialog): not a folder holding tokenizer.json or tokenizer.model. "
         "Choose the folder of a checkpoint (or a tokenizer-only download) of the same model family.")},
    {"--tokenizer %1 has %2 token ids, but %3 embeds only %4: it is not the tokenizer of this model family. Pass the "
     "tokenizer the checkpoint was trained with.",
     QT_TRANSLATE_NOOP("CoreError",
                       "The tokenizer folder %1 (Open model dialog) has %2 token ids, but %3 embeds only %4: it is not "
                       "the tokenizer of this model family. Choose the tokenizer the checkpoint was trained with.")},
};

// The format the studio shows for a core format: its own wording where it has one.
const char* studioFormat(const char* core) {
    for (const StudioWording& w : kStudioWordings)
        if (qstrcmp(w.core, core) == 0) return w.studio;
    return core;
}

QString translated(const gna::Error& e) {
    if (!e.format()) return QString::fromUtf8(e.what());
    std::vector<std::string> args = e.args();
    if (e.cause()) args.push_back(translated(*e.cause()).toStdString());
    return QString::fromStdString(
        gna::fill_format(QCoreApplication::translate("CoreError", studioFormat(e.format())).toStdString(), args));
}

}  // namespace

QString errorText(const std::exception& e) {
    if (const auto* g = dynamic_cast<const gna::Error*>(&e)) return translated(*g);
    return QString::fromUtf8(e.what());
}

Q_LOGGING_CATEGORY(lcStudio, "gna.studio")

void logSkipped(const QString& what, const std::exception& e) {
    qCWarning(lcStudio).noquote() << what << QStringLiteral(":") << QString::fromUtf8(e.what());
}

QStringList knownCoreErrorFormats() {
    QStringList out;
    for (const char* f : kFormats) out << QString::fromUtf8(f);
    for (const StudioWording& w : kStudioWordings) out << QString::fromUtf8(w.core);  // shown in the studio's words
    return out;
}

}  // namespace gna::studio
