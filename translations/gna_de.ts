<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CoreError</name>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="17"/>
        <source>head &apos;%1&apos;: expected L&lt;layer&gt;.H&lt;head&gt; (attention) or L&lt;layer&gt;.S&lt;head&gt; (SSM), e.g. L17.H24; L17H24 and 17.24 are accepted too; layers and heads count from 0</source>
        <translation>Kopf „%1“: erwartet L&lt;Schicht&gt;.H&lt;Kopf&gt; (Attention) oder L&lt;Schicht&gt;.S&lt;Kopf&gt; (SSM), z. B. L17.H24; L17H24 und 17.24 werden ebenfalls akzeptiert; Schichten und Köpfe werden ab 0 gezählt</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="21"/>
        <source>%1: &quot;%2&quot;: %3</source>
        <translation>%1: &quot;%2&quot;: %3</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="22"/>
        <source>%1: &quot;%2&quot; has the wrong type (%3); expected %4</source>
        <translation>%1: &quot;%2&quot; hat den falschen Typ (%3); erwartet: %4</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="23"/>
        <source>%1: unknown key &quot;%2&quot; in a %3 task (a typo?); it takes %4</source>
        <translation>%1: unbekannter Schlüssel &quot;%2&quot; in einer %3-Aufgabe (ein Tippfehler?); sie akzeptiert %4</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="24"/>
        <source>%1: missing &quot;experiment&quot; (one of %2)</source>
        <translation>%1: &quot;experiment&quot; fehlt (einer der Werte %2)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="25"/>
        <source>%1: &quot;experiment&quot;: &apos;%2&apos; is not a known experiment (%3)</source>
        <translation>%1: &quot;experiment&quot;: „%2“ ist kein bekanntes Experiment (%3)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="26"/>
        <source>%1: &quot;%2&quot; is not a key of %3 (it is one of %4); see gna experiment --describe %3</source>
        <translation>%1: &quot;%2&quot; ist kein Schlüssel von %3 (sondern von %4); siehe gna experiment --describe %3</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="27"/>
        <source>%1: unknown key &quot;%2&quot; (a typo?); %3 takes %4</source>
        <translation>%1: unbekannter Schlüssel &quot;%2&quot; (ein Tippfehler?); %3 akzeptiert %4</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="28"/>
        <source>%1: the spec must be a JSON object</source>
        <translation>%1: Die Spezifikation muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="29"/>
        <source>%1: &quot;%2&quot; must be an object with &quot;name&quot;: %3</source>
        <translation>%1: &quot;%2&quot; muss ein Objekt mit &quot;name&quot; sein: %3</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="30"/>
        <source>%1: &quot;task&quot; must be an object with &quot;name&quot;</source>
        <translation>%1: &quot;task&quot; muss ein Objekt mit &quot;name&quot; sein</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="31"/>
        <source>%1: &quot;tasks&quot; must be a non-empty list of tasks</source>
        <translation>%1: &quot;tasks&quot; muss eine nicht leere Liste von Aufgaben sein</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="32"/>
        <source>%1: give &quot;task&quot; or &quot;tasks&quot;, not both</source>
        <translation>%1: Geben Sie &quot;task&quot; oder &quot;tasks&quot; an, nicht beides</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="33"/>
        <source>%1: &quot;ranking&quot; is required: a head_ranking result.json or a list of heads</source>
        <translation>%1: &quot;ranking&quot; ist erforderlich: eine head_ranking-result.json oder eine Liste von Köpfen</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="34"/>
        <source>%1: &quot;gather&quot; and &quot;aggregate&quot; head lists are required</source>
        <translation>%1: Die Kopflisten &quot;gather&quot; und &quot;aggregate&quot; sind erforderlich</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="35"/>
        <source>%1: &quot;gather&quot; and &quot;aggregate&quot; name no head: a G&amp;A mask needs at least one attention head (e.g. &quot;gather&quot;: [&quot;L1.H0&quot;]); a model without attention heads has none to mask</source>
        <translation>%1: &quot;gather&quot; und &quot;aggregate&quot; nennen keinen Kopf: Eine G&amp;A-Maske braucht mindestens einen Attention-Kopf (z. B. &quot;gather&quot;: [&quot;L1.H0&quot;]); ein Modell ohne Attention-Köpfe hat keinen zu maskieren</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="38"/>
        <source>experiment: &apos;%1&apos; is not a known experiment (%2)</source>
        <translation>experiment: „%1“ ist kein bekanntes Experiment (%2)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="39"/>
        <source>task: &apos;%1&apos; is not one of %2</source>
        <translation>task: „%1“ ist keine der Aufgaben %2</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="41"/>
        <source>it must be at least %1</source>
        <translation>der Wert muss mindestens %1 sein</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="42"/>
        <source>values must be at least %1</source>
        <translation>die Werte müssen mindestens %1 sein</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="43"/>
        <source>&apos;%1&apos; is not one of %2</source>
        <translation>„%1“ ist keiner der Werte %2</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="44"/>
        <source>unknown manipulation mode &apos;%1&apos;: use Keep, Null, Only, Omit or Binary</source>
        <translation>unbekannter Manipulationsmodus „%1“: verwenden Sie Keep, Null, Only, Omit oder Binary</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="45"/>
        <source>experiment spec: &quot;%1&quot; names %2, which this model does not have</source>
        <translation>Experimentspezifikation: &quot;%1&quot; nennt %2, den dieses Modell nicht hat</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="47"/>
        <source>experiment spec: &quot;ranking&quot; names %1, which is missing: run the head_ranking experiment it comes from first (gna experiment SPEC --out DIR writes DIR/result.json), or give the ranking as a list of heads</source>
        <translation>Experimentspezifikation: &quot;ranking&quot; nennt %1, diese Datei fehlt aber: Führen Sie zuerst das head_ranking-Experiment aus, von dem sie stammt (gna experiment SPEC --out DIR schreibt DIR/result.json), oder geben Sie die Rangfolge als Liste von Köpfen an</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="51"/>
        <source>%1 is missing (no such result file); run the experiment that writes it first, or give the path of an existing result.json</source>
        <translation>%1 fehlt (keine solche Ergebnisdatei); führen Sie zuerst das Experiment aus, das sie schreibt, oder geben Sie den Pfad einer vorhandenen result.json an</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="54"/>
        <source>%1 is corrupted (%2); delete it to start over, or use another --out folder</source>
        <translation>%1 ist beschädigt (%2); löschen Sie die Datei, um neu zu beginnen, oder verwenden Sie einen anderen --out-Ordner</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="55"/>
        <source>%1 is corrupted: its samples do not match their checksum (edited or truncated); delete it to start over</source>
        <translation>%1 ist beschädigt: Die Beispiele stimmen nicht mit ihrer Prüfsumme überein (bearbeitet oder abgeschnitten); löschen Sie die Datei, um neu zu beginnen</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="58"/>
        <source>%1 holds no head ranking (run an experiment &quot;head_ranking&quot; first)</source>
        <translation>%1 enthält keine Kopf-Rangfolge (führen Sie zuerst ein Experiment &quot;head_ranking&quot; aus)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="60"/>
        <source>%1: not valid JSON (%2). Check the file; it may be truncated.</source>
        <translation>%1: kein gültiges JSON (%2). Prüfen Sie die Datei; sie ist möglicherweise abgeschnitten.</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="61"/>
        <source>%1: cannot open the file for reading (does it exist, is it readable?)</source>
        <translation>%1: Die Datei kann nicht zum Lesen geöffnet werden (existiert sie, ist sie lesbar?)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="63"/>
        <source>%1: not found. A Hugging Face model folder needs config.json next to the weights.</source>
        <translation>%1: nicht gefunden. Ein Hugging-Face-Modellordner braucht config.json neben den Gewichten.</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="64"/>
        <source>%1: not a model folder (expected a directory with config.json and *.safetensors)</source>
        <translation>%1: kein Modellordner (erwartet wird ein Verzeichnis mit config.json und *.safetensors)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="65"/>
        <source>%1: no model.safetensors or model.safetensors.index.json found</source>
        <translation>%1: weder model.safetensors noch model.safetensors.index.json gefunden</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="66"/>
        <source>%1: no model.safetensors or model.safetensors.index.json found (several .safetensors files but no index)</source>
        <translation>%1: weder model.safetensors noch model.safetensors.index.json gefunden (mehrere .safetensors-Dateien, aber kein Index)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="69"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1: kann nicht geöffnet werden (%2)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="70"/>
        <source>%1: truncated safetensors file: it has %2 bytes, fewer than the 8-byte header length. Re-download or re-export the checkpoint.</source>
        <translation>%1: abgeschnittene safetensors-Datei: Sie hat %2 Bytes, weniger als die 8 Bytes der Header-Länge. Laden Sie den Checkpoint erneut herunter oder exportieren Sie ihn erneut.</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="74"/>
        <source>%1: safetensors header length %2 goes beyond the file (%3 bytes); the file is truncated or not a safetensors file</source>
        <translation>%1: Die safetensors-Header-Länge %2 reicht über das Dateiende hinaus (%3 Bytes); die Datei ist abgeschnitten oder keine safetensors-Datei</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="78"/>
        <source>%1: safetensors header is not valid JSON (%2)</source>
        <translation>%1: Der safetensors-Header ist kein gültiges JSON (%2)</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="79"/>
        <source>%1: tensor &apos;%2&apos; has shape %3 but config.json implies %4. config.json and the weights disagree.</source>
        <translation>%1: Tensor „%2“ hat die Form %3, aber aus config.json ergibt sich %4. config.json und die Gewichte passen nicht zusammen.</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="81"/>
        <source>%1: the checkpoint has no tensor &apos;%2&apos;. The file is incomplete or belongs to a different architecture than config.json says.</source>
        <translation>%1: Der Checkpoint hat keinen Tensor „%2“. Die Datei ist unvollständig oder gehört zu einer anderen Architektur als der in config.json angegebenen.</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="99"/>
        <source>%1 holds no tokenizer files (tokenizer.json or tokenizer.model), so text cannot be turned into tokens. Open the model again (File ▸ Open model…) and choose the tokenizer folder of the model family in the dialog&apos;s Tokenizer folder field (state-spaces/mamba-* checkpoints use EleutherAI/gpt-neox-20b&apos;s tokenizer).</source>
        <translation>%1 enthält keine Tokenizer-Dateien (tokenizer.json oder tokenizer.model), daher kann Text nicht in Tokens zerlegt werden. Öffnen Sie das Modell erneut (Datei ▸ Modell öffnen…) und wählen Sie im Feld Tokenizer-Ordner des Dialogs den Tokenizer-Ordner der Modellfamilie (state-spaces/mamba-*-Checkpoints verwenden den Tokenizer von EleutherAI/gpt-neox-20b).</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="106"/>
        <source>Tokenizer folder %1 (Open model dialog): not a folder holding tokenizer.json or tokenizer.model. Choose the folder of a checkpoint (or a tokenizer-only download) of the same model family.</source>
        <translation>Tokenizer-Ordner %1 (Dialog Modell öffnen): kein Ordner mit tokenizer.json oder tokenizer.model. Wählen Sie den Ordner eines Checkpoints (oder eines reinen Tokenizer-Downloads) derselben Modellfamilie.</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="112"/>
        <source>The tokenizer folder %1 (Open model dialog) has %2 token ids, but %3 embeds only %4: it is not the tokenizer of this model family. Choose the tokenizer the checkpoint was trained with.</source>
        <translation>Der Tokenizer-Ordner %1 (Dialog Modell öffnen) hat %2 Token-IDs, aber %3 bettet nur %4 ein: Er ist nicht der Tokenizer dieser Modellfamilie. Wählen Sie den Tokenizer, mit dem der Checkpoint trainiert wurde.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="22"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
</context>
<context>
    <name>gna::studio</name>
    <message>
        <location filename="../app/studio/run_job.cpp" line="191"/>
        <source>Δ %1 vs unablated</source>
        <translation>Δ %1 gegenüber ohne Ablation</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="146"/>
        <source>The prompt is empty: type a prompt first.</source>
        <translation>Der Prompt ist leer: Bitte zuerst einen Prompt eingeben.</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="48"/>
        <source>entropy of the last row (bits)</source>
        <translation>Entropie der letzten Zeile (Bit)</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="53"/>
        <source>Gather score: the prompt has no line ends</source>
        <translation>Gather-Wert: Der Prompt hat keine Zeilenenden</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="52"/>
        <source>Gather score: attention of each line end on its own line</source>
        <translation>Gather-Wert: Aufmerksamkeit jedes Zeilenendes auf seiner eigenen Zeile</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="56"/>
        <source>Aggregate score: the prompt has no line ends</source>
        <translation>Aggregate-Wert: Der Prompt hat keine Zeilenenden</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="61"/>
        <source>duplicate-token score: attention on earlier copies of the token (BOS and current token kept)</source>
        <translation>Duplikat-Token-Wert: Aufmerksamkeit auf frühere Kopien des Tokens (BOS und aktuelles Token eingeschlossen)</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="62"/>
        <source>duplicate-token score: no token of the prompt repeats</source>
        <translation>Duplikat-Token-Wert: Kein Token des Prompts wiederholt sich</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="65"/>
        <source>induction score: attention on the token after an earlier copy (BOS and current token kept)</source>
        <translation>Induktionswert: Aufmerksamkeit auf das Token nach einer früheren Kopie (BOS und aktuelles Token eingeschlossen)</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="66"/>
        <source>induction score: no token of the prompt repeats</source>
        <translation>Induktionswert: Kein Token des Prompts wiederholt sich</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="55"/>
        <source>Aggregate score: attention of the last token on the line ends</source>
        <translation>Aggregate-Wert: Aufmerksamkeit des letzten Tokens auf den Zeilenenden</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="50"/>
        <source>max weight of the last row</source>
        <translation>Maximalgewicht der letzten Zeile</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="58"/>
        <source>attention from the last token to token %1</source>
        <translation>Aufmerksamkeit vom letzten Token auf Token %1</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="152"/>
        <source>The prompt has %1 characters, far more than this model&apos;s context of %2 tokens holds; shorten it to run it.</source>
        <translation>Der Prompt hat %1 Zeichen, weit mehr, als der Kontext dieses Modells von %2 Token fasst; kürzen Sie ihn, um ihn auszuführen.</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="199"/>
        <source>Unexpected error: %1</source>
        <translation>Unerwarteter Fehler: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="32"/>
        <source>Cannot write into the output folder %1. Choose a folder you can write to.</source>
        <translation>In den Ausgabeordner %1 kann nicht geschrieben werden. Wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="57"/>
        <source>Unknown figure format &quot;%1&quot; in --formats: use pdf, svg and png, separated by commas.</source>
        <translation>Unbekanntes Abbildungsformat „%1“ in --formats: Verwenden Sie pdf, svg und png, durch Kommas getrennt.</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="66"/>
        <source>Invalid --dpi &quot;%1&quot;: give a whole number from 50 to 2400, e.g. --dpi 300.</source>
        <translation>Ungültiger Wert für --dpi „%1“: Geben Sie eine ganze Zahl von 50 bis 2400 an, z. B. --dpi 300.</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="73"/>
        <source>Invalid --width &quot;%1&quot;: give single (3.3 in), double (6.9 in) or a width in inches from 0.5 to 20.</source>
        <translation>Ungültiger Wert für --width „%1“: Geben Sie single (3.3 Zoll), double (6.9 Zoll) oder eine Breite in Zoll von 0.5 bis 20 an.</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="84"/>
        <source>The workspace file %1 does not exist. Give the path of a saved workspace (.gna.json).</source>
        <translation>Die Arbeitsbereichsdatei %1 existiert nicht. Geben Sie den Pfad eines gespeicherten Arbeitsbereichs (.gna.json) an.</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="90"/>
        <source>Save the workspace again from G&amp;A Studio (File ▸ Save workspace as).</source>
        <translation>Speichern Sie den Arbeitsbereich erneut aus G&amp;A Studio (Datei ▸ Arbeitsbereich speichern unter).</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="95"/>
        <source>The workspace %1 names the model folder %2, which does not exist. Edit its &quot;model&quot; entry (a path relative to the workspace file works).</source>
        <translation>Der Arbeitsbereich %1 verweist auf den Modellordner %2, der nicht existiert. Bearbeiten Sie seinen Eintrag „model“ (ein Pfad relativ zur Arbeitsbereichsdatei funktioniert auch).</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="117"/>
        <source>Could not load the model %1 named by the workspace %2: %3</source>
        <translation>Das im Arbeitsbereich %2 angegebene Modell %1 konnte nicht geladen werden: %3</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="123"/>
        <source>The run of the workspace %1 failed: %2</source>
        <translation>Der Lauf des Arbeitsbereichs %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="146"/>
        <source>The model of the workspace %1 did not finish its run within 10 minutes.</source>
        <translation>Das Modell des Arbeitsbereichs %1 hat seinen Lauf nicht innerhalb von 10 Minuten beendet.</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="153"/>
        <source>The workspace %1 names an experiment result that cannot be opened: %2</source>
        <translation>Der Arbeitsbereich %1 verweist auf ein Experimentergebnis, das sich nicht öffnen lässt: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="51"/>
        <source>%1 · switched off: %2</source>
        <translation>%1 · abgeschaltet: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="78"/>
        <source>Could not write %1: %2. Check that the folder is writable.</source>
        <translation>%1 konnte nicht geschrieben werden: %2. Prüfen Sie, ob der Ordner beschreibbar ist.</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="102"/>
        <source>%1: curves</source>
        <translation>%1: Kurven</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="113"/>
        <source>%1: retrieval map</source>
        <translation>%1: Abrufkarte</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="165"/>
        <source>Next-token chart</source>
        <translation>Diagramm der nächsten Tokens</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="172"/>
        <source>Head board</source>
        <translation>Kopftafel</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="185"/>
        <source>Could not create the folder %1. Check its parent folder&apos;s permissions.</source>
        <translation>Der Ordner %1 konnte nicht angelegt werden. Prüfen Sie die Berechtigungen des übergeordneten Ordners.</translation>
    </message>
</context>
<context>
    <name>gna::studio::ConnectServerDialog</name>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="41"/>
        <source>Connect to server</source>
        <translation>Mit Server verbinden</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="53"/>
        <source>or paste the token (not saved)</source>
        <translation>oder das Token einfügen (wird nicht gespeichert)</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="55"/>
        <source>empty: no TLS (loopback or SSH)</source>
        <translation>leer: kein TLS (Loopback oder SSH)</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="57"/>
        <source>user@gpu-node: the studio opens the tunnel</source>
        <translation>user@gpu-node: das Studio öffnet den Tunnel</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="65"/>
        <source>&amp;Address (host:port):</source>
        <translation>&amp;Adresse (Host:Port):</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="66"/>
        <source>Token &amp;file:</source>
        <translation>Token-&amp;Datei:</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="66"/>
        <source>Token file</source>
        <translation>Token-Datei</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="67"/>
        <source>&amp;Token:</source>
        <translation>&amp;Token:</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="68"/>
        <source>TLS &amp;certificate:</source>
        <translation>TLS-&amp;Zertifikat:</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="68"/>
        <source>The server&apos;s certificate</source>
        <translation>Das Zertifikat des Servers</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="69"/>
        <source>&amp;SSH destination:</source>
        <translation>&amp;SSH-Ziel:</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="71"/>
        <source>Start the server with gna serve --root FOLDER on the machine that holds the models; it prints its address and token. With an SSH destination, the address is the server&apos;s on that machine (usually 127.0.0.1:50051).</source>
        <translation>Starten Sie den Server mit gna serve --root ORDNER auf dem Rechner mit den Modellen; er gibt seine Adresse und sein Token aus. Mit einem SSH-Ziel ist die Adresse die des Servers auf jenem Rechner (meist 127.0.0.1:50051).</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="76"/>
        <source>Co&amp;nnect</source>
        <translation>Ver&amp;binden</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentDock</name>
    <message>
        <location filename="../app/studio/experiment_dock.cpp" line="44"/>
        <source>Experiments</source>
        <translation>Experimente</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_dock.cpp" line="72"/>
        <source>Exper&amp;iment:</source>
        <translation>Experime&amp;nt:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_dock.cpp" line="148"/>
        <source>%1: the studio has no tab for this evaluate spec (a needle-in-a-haystack map is evaluate on the niah task alone); run it with gna experiment.</source>
        <translation>%1: Das Studio hat keinen Tab für diese evaluate-Spezifikation (eine Nadel-im-Heuhaufen-Karte ist evaluate allein auf der Aufgabe niah); führen Sie sie mit gna experiment aus.</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentPanel</name>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="35"/>
        <source>&apos;%1&apos; is not a number</source>
        <translation>„%1“ ist keine Zahl</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="202"/>
        <source>Open s&amp;pec file…</source>
        <translation>&amp;Spezifikationsdatei öffnen …</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="204"/>
        <source>Ru&amp;n</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="205"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="217"/>
        <location filename="../app/studio/experiment_panel.cpp" line="316"/>
        <source>Open a model, then Run.</source>
        <translation>Öffnen Sie ein Modell und klicken Sie dann auf Ausführen.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="161"/>
        <source>&amp;Condition:</source>
        <translation>Bed&amp;ingung:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="68"/>
        <source>Can the model find one sentence (the needle) hidden in a long filler text? Each cell of the map is one prompt: across, its length in tokens; down, where the needle stands in it; the colour, how much of the needle the answer repeats (0 to 5). Click a cell to open its prompt. A model that reads only a short context, such as the bundled demos (256 tokens), gets lengths and generated tokens that fit it when the lengths are left empty; Experiments ▸ KV-retrieval map draws a map made for such models.</source>
        <translation>Findet das Modell einen Satz (die Nadel), der in einem langen Fülltext versteckt ist? Jede Zelle der Karte ist ein Prompt: waagerecht seine Länge in Token, senkrecht die Stelle, an der die Nadel darin steht; die Farbe zeigt, wie viel von der Nadel die Antwort wiederholt (0 bis 5). Klicken Sie auf eine Zelle, um ihren Prompt zu öffnen. Ein Modell, das nur einen kurzen Kontext liest, etwa die mitgelieferten Demos (256 Token), erhält passende Längen und generierte Token, wenn die Längen leer bleiben; Experimente ▸ KV-Abrufkarte zeichnet eine Karte für solche Modelle.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="76"/>
        <source>Which attention to the needle does the answer need? The needle-in-a-haystack prompts run again with the attention weights on the needle&apos;s tokens changed: Keep leaves them, Omit sets them to 0, Only sets every other weight to 0, Binary gives each of them their mean and every other weight 0, Null sets every weight to 0. Each row is what is done while the prompt is read, each column what is done while the answer is generated; a cell is the mean score of the answer (0 to 5, how much of the needle it repeats). On the bundled demos (256 tokens) leave the lengths empty so that the prompts fit, and keep a few depths and modes: every cell runs all the prompts again.</source>
        <translation>Welche Aufmerksamkeit auf die Nadel braucht die Antwort? Die Nadel-im-Heuhaufen-Prompts laufen erneut, wobei die Attention-Gewichte auf den Token der Nadel verändert werden: Keep lässt sie, Omit setzt sie auf 0, Only setzt alle anderen Gewichte auf 0, Binary gibt jedem von ihnen ihren Mittelwert und allen anderen Gewichten 0, Null setzt alle Gewichte auf 0. Jede Zeile ist das, was beim Lesen des Prompts geschieht, jede Spalte das, was beim Generieren der Antwort geschieht; eine Zelle ist die mittlere Punktzahl der Antwort (0 bis 5, wie viel von der Nadel sie wiederholt). Lassen Sie auf den mitgelieferten Demos (256 Token) die Längen leer, damit die Prompts passen, und behalten Sie wenige Tiefen und Modi: Jede Zelle führt alle Prompts erneut aus.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="87"/>
        <source>Each row is a length in tokens; the columns: KV cache, SSM state, total, in megabytes per sequence. On the demos the transformer&apos;s cache grows with the length, the SSM&apos;s state does not.</source>
        <translation>Jede Zeile ist eine Länge in Token; die Spalten: KV-Cache, SSM-Zustand, gesamt, in Megabyte pro Sequenz. Bei den Demos wächst der Cache des Transformers mit der Länge, der Zustand des SSM nicht.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="114"/>
        <source>The experiment spec (JSON) that runs: the form above writes it, and editing it here fills the form</source>
        <translation>Die Experimentspezifikation (JSON), die ausgeführt wird: Das Formular oben schreibt sie, Änderungen hier füllen das Formular</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="120"/>
        <source>&amp;JSON spec (what runs):</source>
        <translation>&amp;JSON-Spezifikation (wird ausgeführt):</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="167"/>
        <source>Click a cell to open its prompt, the model&apos;s answer and its attention.</source>
        <translation>Klicken Sie auf eine Zelle, um ihren Prompt, die Antwort des Modells und seine Aufmerksamkeit zu öffnen.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="177"/>
        <source>Copy ta&amp;ble</source>
        <translation>Tabelle &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="179"/>
        <source>Copies the table (or the selected cells) as tab-separated text for a spreadsheet</source>
        <translation>Kopiert die Tabelle (oder die ausgewählten Zellen) als tabulatorgetrennten Text für eine Tabellenkalkulation</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="187"/>
        <source>Curve</source>
        <translation>Kurve</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="188"/>
        <source>Retrieval map</source>
        <translation>Abrufkarte</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="189"/>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="138"/>
        <source>Runs the spec on the open model</source>
        <translation>Führt die Spezifikation auf dem geöffneten Modell aus</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="148"/>
        <source>⚠ Run waits for a valid spec: %1</source>
        <translation>⚠ Ausführen wartet auf eine gültige Spezifikation: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="151"/>
        <source>The form cannot show every value of this spec, so it is greyed out: edit the spec here (Run runs it as written).</source>
        <translation>Das Formular kann nicht alle Werte dieser Spezifikation darstellen und ist daher ausgegraut: Bearbeiten Sie die Spezifikation hier (Ausführen führt sie so aus, wie sie dasteht).</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="313"/>
        <source>This tab runs needle-in-a-haystack maps (evaluate on the niah task alone); an evaluate spec of other tasks runs with gna experiment.</source>
        <translation>Dieser Tab führt Nadel-im-Heuhaufen-Karten aus (evaluate allein auf der Aufgabe niah); eine evaluate-Spezifikation anderer Aufgaben läuft mit gna experiment.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="318"/>
        <source>This is a %1 spec: open it in the %2 tab (this tab runs %3 specs).</source>
        <translation>Dies ist eine %1-Spezifikation: Öffnen Sie sie im Tab „%2“ (dieser Tab führt %3-Spezifikationen aus).</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="351"/>
        <source>Open experiment spec</source>
        <translation>Experimentspezifikation öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="351"/>
        <source>Experiment specs (*.json)</source>
        <translation>Experimentspezifikationen (*.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="349"/>
        <source>Open experiment result</source>
        <translation>Experimentergebnis öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="218"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="350"/>
        <source>Results (result.json *.json)</source>
        <translation>Ergebnisse (result.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="203"/>
        <source>Open res&amp;ult…</source>
        <translation>E&amp;rgebnis öffnen …</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="252"/>
        <source>Finished: %1</source>
        <translation>Fertig: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="260"/>
        <source>Cancelled. The heads verified so far stay on the head board and are saved in %1; an attribution ranking is not resumed: Run again with another folder.</source>
        <translation>Abgebrochen. Die bisher verifizierten Köpfe bleiben auf der Kopftafel und sind in %1 gespeichert; eine Attributions-Rangfolge wird nicht fortgesetzt: erneut mit einem anderen Ordner ausführen.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="268"/>
        <source>Cancelled. Finished samples are saved in %1; Run again to resume (the results folder field names it; empty it to start a new run).</source>
        <translation>Abgebrochen. Fertige Beispiele sind in %1 gespeichert; „Ausführen“ setzt den Lauf fort (das Feld „Ergebnisordner“ nennt ihn; leeren Sie es für einen neuen Lauf).</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="275"/>
        <source>The experiment failed.</source>
        <translation>Das Experiment ist fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="286"/>
        <source>Head ranking</source>
        <translation>Kopf-Rangfolge</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="287"/>
        <source>Cumulative removal</source>
        <translation>Kumulatives Entfernen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="288"/>
        <source>Layer pruning</source>
        <translation>Schichten-Pruning</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="289"/>
        <source>Sparsification</source>
        <translation>Sparsifizierung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="290"/>
        <location filename="../app/studio/experiment_panel_form.cpp" line="90"/>
        <source>Needle in a haystack</source>
        <translation>Nadel im Heuhaufen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="291"/>
        <source>Manipulation grid</source>
        <translation>Manipulationsraster</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="292"/>
        <source>G&amp;&amp;A masks (MMLU)</source>
        <translation>G&amp;&amp;A-Masken (MMLU)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="293"/>
        <source>Memory table</source>
        <translation>Speichertabelle</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="317"/>
        <source>Ready: %1</source>
        <translation>Bereit: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="321"/>
        <source>none: this model has no attention heads</source>
        <translation>keine: Dieses Modell hat keine Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="332"/>
        <source>This model has no attention heads: a G&amp;A mask acts on attention weights, so this experiment cannot run on it.</source>
        <translation>Dieses Modell hat keine Attention-Köpfe: Eine G&amp;A-Maske wirkt auf Attention-Gewichte, daher kann dieses Experiment nicht darauf laufen.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="353"/>
        <source>e.g. %1; empty: all heads</source>
        <translation>z. B. %1; leer: alle Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="355"/>
        <source>Heads as %1, separated by commas; empty = every attention and SSM head of this model</source>
        <translation>Köpfe als %1, durch Kommas getrennt; leer = alle Attention- und SSM-Köpfe dieses Modells</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="357"/>
        <source>e.g. %1; empty: all SSM heads</source>
        <translation>z. B. %1; leer: alle SSM-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="358"/>
        <source>Heads as %1, separated by commas; empty = every SSM head of this model</source>
        <translation>Köpfe als %1, durch Kommas getrennt; leer = alle SSM-Köpfe dieses Modells</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="360"/>
        <source>e.g. %1; empty: all attention heads</source>
        <translation>z. B. %1; leer: alle Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="361"/>
        <source>Heads as %1, separated by commas; empty = every attention head of this model</source>
        <translation>Köpfe als %1, durch Kommas getrennt; leer = alle Attention-Köpfe dieses Modells</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="363"/>
        <source>e.g. %1; list SSM heads</source>
        <translation>z. B. %1; SSM-Köpfe angeben</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="365"/>
        <source>Heads as %1, separated by commas; empty = every attention head, and this model has none: list its SSM heads%2</source>
        <translation>Köpfe als %1, durch Kommas getrennt; leer = alle Attention-Köpfe, und dieses Modell hat keine: Geben Sie seine SSM-Köpfe an%2</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="369"/>
        <source>, or rank them all with a fast method</source>
        <translation> oder stufen Sie mit einer schnellen Methode alle ein</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="371"/>
        <source>result.json, or e.g. %1</source>
        <translation>result.json oder z. B. %1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="372"/>
        <source>A head_ranking result.json, or heads as %1, …</source>
        <translation>Eine head_ranking-result.json oder Köpfe als %1, …</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="386"/>
        <source>a new folder per run</source>
        <translation>ein neuer Ordner pro Lauf</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="388"/>
        <source>Empty: each run writes a new folder in %1; a folder with a partial result resumes it.</source>
        <translation>Leer: Jeder Lauf schreibt einen neuen Ordner in %1; ein Ordner mit einem Teilergebnis setzt dieses fort.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="392"/>
        <source>Results folder. Empty: a new folder per run in %1. A folder with a partial result resumes it.</source>
        <translation>Ergebnisordner. Leer: ein neuer Ordner pro Lauf in %1. Ein Ordner mit einem Teilergebnis setzt dieses fort.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="468"/>
        <source>Preparing the samples…</source>
        <translation>Beispiele werden vorbereitet…</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="83"/>
        <source>KV-retrieval</source>
        <translation>KV-Abruf</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="84"/>
        <source>MMLU (bundled sample)</source>
        <translation>MMLU (mitgelieferte Stichprobe)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="85"/>
        <source>Knowledge multiple choice</source>
        <translation>Wissens-Multiple-Choice</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="88"/>
        <source>All three tasks</source>
        <translation>Alle drei Aufgaben</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="91"/>
        <source>Dictionary sizes (keys per prompt)</source>
        <translation>Wörterbuchgrößen (Schlüssel pro Prompt)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="94"/>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="96"/>
        <source>Needle depths in percent; empty = 0 to 100 in 10 steps</source>
        <translation>Nadeltiefen in Prozent; leer = 0 bis 100 in 10 Schritten</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="98"/>
        <source>e.g. 0, 50, 100; empty: 0 to 100</source>
        <translation>z. B. 0, 50, 100; leer: 0 bis 100</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="104"/>
        <source>Heads as L17.H24, separated by commas; empty = every attention head</source>
        <translation>Köpfe als L17.H24, durch Kommas getrennt; leer = alle Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="105"/>
        <source>Gather heads, e.g. L16.H22</source>
        <translation>Gather-Köpfe, z. B. L16.H22</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="106"/>
        <source>Aggregate heads, e.g. L17.H24</source>
        <translation>Aggregate-Köpfe, z. B. L17.H24</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="107"/>
        <source>A head_ranking result.json, or heads as L3.H1, L2.H0, …</source>
        <translation>Eine head_ranking-result.json oder Köpfe als L3.H1, L2.H0, …</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="108"/>
        <source>Numbers of heads removed, e.g. 0, 10, 20; empty = every 10</source>
        <translation>Anzahl entfernter Köpfe, z. B. 0, 10, 20; leer = in Zehnerschritten</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="109"/>
        <source>e.g. L1.H0, L2.H3; empty: every attention head</source>
        <translation>z. B. L1.H0, L2.H3; leer: alle Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="110"/>
        <source>e.g. L16.H22</source>
        <translation>z. B. L16.H22</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="111"/>
        <source>e.g. L17.H24</source>
        <translation>z. B. L17.H24</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="112"/>
        <source>result.json, or e.g. L3.H1, L2.H0</source>
        <translation>result.json oder z. B. L3.H1, L2.H0</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="113"/>
        <source>e.g. 0, 10, 20; empty: every 10</source>
        <translation>z. B. 0, 10, 20; leer: in Zehnerschritten</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="114"/>
        <location filename="../app/studio/experiment_panel_form.cpp" line="123"/>
        <source>Both</source>
        <translation>Beide</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="115"/>
        <source>Gradual (from the end)</source>
        <translation>Schrittweise (vom Ende her)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="116"/>
        <source>Individual (one layer at a time)</source>
        <translation>Einzeln (eine Schicht nach der anderen)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="121"/>
        <source>e.g. 0, 1, 2, 4; empty: 0 to the number of heads</source>
        <translation>z. B. 0, 1, 2, 4; leer: 0 bis zur Anzahl der Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="123"/>
        <source>Generation only</source>
        <translation>Nur Generierung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="123"/>
        <source>Prefill and generation</source>
        <translation>Prefill und Generierung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="124"/>
        <source>Exact (every head ablated)</source>
        <translation>Exakt (jeder Kopf ablatiert)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="125"/>
        <source>Fast: attribution, then the top heads exactly</source>
        <translation>Schnell: Attribution, dann die obersten Köpfe exakt</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="126"/>
        <source>Fastest: attribution estimate only</source>
        <translation>Am schnellsten: nur Attributionsschätzung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="128"/>
        <source>The fast methods colour the head board with first-order estimates at once, then refine the top heads by exact ablation (docs/attribution.md)</source>
        <translation>Die schnellen Methoden färben die Kopftafel sofort mit Schätzungen erster Ordnung ein und verfeinern dann die obersten Köpfe durch exakte Ablation (docs/attribution.md)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="134"/>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="135"/>
        <source>Log-probability of the answer</source>
        <translation>Log-Wahrscheinlichkeit der Antwort</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="136"/>
        <source>Exact match (KV-retrieval, generated)</source>
        <translation>Exakte Übereinstimmung (KV-Abruf, generiert)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="162"/>
        <source>Results folder; empty = a new folder per run. A folder with a partial result resumes it.</source>
        <translation>Ergebnisordner; leer = ein neuer Ordner pro Lauf. Ein Ordner mit einem Teilergebnis setzt dieses fort.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="164"/>
        <source>&amp;Task:</source>
        <translation>Auf&amp;gabe:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="166"/>
        <source>Dictionar&amp;y sizes:</source>
        <translation>Wörterbu&amp;chgrößen:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="197"/>
        <source>Aggrega&amp;te heads:</source>
        <translation>Aggrega&amp;te-Köpfe:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="224"/>
        <source>&amp;Kept heads (k):</source>
        <translation>Zu behaltende K&amp;öpfe (k):</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="225"/>
        <source>St&amp;ages:</source>
        <translation>Phas&amp;en:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="227"/>
        <source>Choose the results folder</source>
        <translation>Ergebnisordner wählen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="228"/>
        <source>Results folder</source>
        <translation>Ergebnisordner</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="359"/>
        <source>Sequence lengths in tokens, separated by commas</source>
        <translation>Sequenzlängen in Token, durch Kommas getrennt</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="369"/>
        <source>e.g. %1; empty: %2 to %3 in %4 steps</source>
        <translation>z. B. %1; leer: %2 bis %3 in %4 Schritten</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="371"/>
        <source>Context lengths in tokens; empty = %1 to %2 in %3 steps, which fit this model&apos;s context of %4 tokens with the generated tokens</source>
        <translation>Kontextlängen in Token; leer = %1 bis %2 in %3 Schritten, die samt den generierten Token in den Kontext dieses Modells von %4 Token passen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="374"/>
        <source>Context lengths in tokens; empty = %1 to %2 in %3 steps</source>
        <translation>Kontextlängen in Token; leer = %1 bis %2 in %3 Schritten</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="168"/>
        <location filename="../app/studio/experiment_panel_form.cpp" line="170"/>
        <source>&amp;Limit per subject:</source>
        <translation>&amp;Limit pro Fach:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="118"/>
        <source>Kept heads: how many heads each layer keeps at every query position, the k with the lowest attention entropy; the others are switched off. One or more values of k, separated by commas; empty = 0 to the number of heads</source>
        <translation>Behaltene Köpfe: wie viele Köpfe jede Schicht an jeder Query-Position behält, nämlich die k mit der niedrigsten Attention-Entropie; die übrigen werden abgeschaltet. Ein oder mehrere Werte für k, durch Kommas getrennt; leer = 0 bis zur Anzahl der Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="132"/>
        <source>How many heads you want ranked; the fast method verifies up to three times as many exactly, but no more than a quarter of the model&apos;s heads unless this many are wanted</source>
        <translation>Wie viele Köpfe Sie in der Rangfolge wollen; die schnelle Methode prüft bis zu dreimal so viele exakt, aber nicht mehr als ein Viertel der Köpfe des Modells, außer Sie wollen so viele</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="171"/>
        <source>Context &amp;lengths:</source>
        <translation>Kontext&amp;längen:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="173"/>
        <source>Needle &amp;depths (%):</source>
        <translation>Nadel&amp;tiefen (%):</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="174"/>
        <source>&amp;Generated tokens:</source>
        <translation>Er&amp;zeugte Token:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="177"/>
        <source>He&amp;ads:</source>
        <translation>Köpf&amp;e:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="189"/>
        <source>Metho&amp;d:</source>
        <translation>&amp;Methode:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="192"/>
        <source>Heads &amp;wanted:</source>
        <translation>Ge&amp;wünschte Köpfe:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="193"/>
        <source>&amp;Metric:</source>
        <translation>Me&amp;trik:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="196"/>
        <source>&amp;Gather heads:</source>
        <translation>Gath&amp;er-Köpfe:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="205"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="216"/>
        <source>Choose a head_ranking result.json</source>
        <translation>Eine head_ranking-result.json wählen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="217"/>
        <source>Head ranking result</source>
        <translation>Ergebnis der Kopf-Rangfolge</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="216"/>
        <source>Ran&amp;king:</source>
        <translation>Rangfolg&amp;e:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="39"/>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation>„%1“ ist keine ganze Zahl</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="167"/>
        <source>Samples per si&amp;ze:</source>
        <translation>Beis&amp;piele pro Größe:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="220"/>
        <source>&amp;Steps:</source>
        <translation>Schri&amp;tte:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="222"/>
        <source>&amp;Mode:</source>
        <translation>&amp;Modus:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="227"/>
        <source>Results f&amp;older:</source>
        <translation>Ergebnis&amp;ordner:</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="73"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="74"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="99"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="113"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="114"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="144"/>
        <source>the spec editor</source>
        <translation>der Spezifikationseditor</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="450"/>
        <source>Open a model first (File ▸ Open model).</source>
        <translation>Öffnen Sie zuerst ein Modell (Datei ▸ Modell öffnen).</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="474"/>
        <source>Cancelling after the current sample…</source>
        <translation>Abbruch nach dem aktuellen Beispiel …</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="492"/>
        <source>%1 of %2 samples · %3 elapsed · %4 left · %5</source>
        <translation>%1 von %2 Beispielen · %3 vergangen · noch %4 · %5</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="506"/>
        <source>%1 tokens, needle at %2%: score %3 — the model answered: “%4”</source>
        <translation>%1 Token, Nadel bei %2 %: Punktzahl %3 — das Modell antwortete: „%4“</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="36"/>
        <source>Open a model to see what each method is estimated to cost on it.</source>
        <translation>Öffnen Sie ein Modell, um zu sehen, was jede Methode darauf schätzungsweise kostet.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="46"/>
        <source>Cost estimate: waits for a valid spec.</source>
        <translation>Kostenschätzung: wartet auf eine gültige Spezifikation.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="51"/>
        <source>≈%1 forward passes</source>
        <translation>≈%1 Vorwärtsdurchläufe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="52"/>
        <source>≈%1 forward passes per prompt</source>
        <translation>≈%1 Vorwärtsdurchläufe je Prompt</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="56"/>
        <source>, ≈%1 of activations</source>
        <translation>, ≈%1 an Aktivierungen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="61"/>
        <source>Recommended: Fast, ≈%1× fewer passes (more memory; the %2 heads it does not verify keep their estimate).</source>
        <translation>Empfohlen: Schnell, ≈%1× weniger Durchläufe (mehr Speicher; die %2 Köpfe, die sie nicht prüft, behalten ihre Schätzung).</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="65"/>
        <source>Recommended: Exact; Fast would verify every head after its gradient pass.</source>
        <translation>Empfohlen: Exakt; Schnell würde nach ihrem Gradientendurchlauf jeden Kopf prüfen.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="66"/>
        <source>Recommended: Exact; Fast saves only ≈%1× (under %2×) and needs more memory.</source>
        <translation>Empfohlen: Exakt; Schnell spart nur ≈%1× (unter %2×) und braucht mehr Speicher.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="70"/>
        <source>%1 Estimate: Exact ablates %2 heads, %3%4; Fast verifies %5, %6%7.</source>
        <translation>%1 Schätzung: Exakt ablatiert %2 Köpfe, %3%4; Schnell prüft %5, %6%7.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="76"/>
        <source>Counted before running, not measured. A pass is one forward over a prompt: an exact ablation of a head in layer l recomputes the layers from l on; Fast&apos;s gradient pass counts as 3 forwards, and the heads it verifies are priced at the average depth. Fast is recommended when it needs at most half the passes: it holds far more memory (its gradient pass keeps every layer&apos;s activations) and ranks the heads it does not verify by first-order estimate only. Memory: the activations held at once beyond the weights, at 16 floats of hidden width per token and layer%1. See docs/attribution.md, &quot;Choosing a method&quot;.</source>
        <translation>Vor dem Lauf gezählt, nicht gemessen. Ein Durchlauf ist ein Vorwärtsdurchlauf über einen Prompt: Die exakte Ablation eines Kopfes in Schicht l berechnet die Schichten ab l neu; der Gradientendurchlauf von „Schnell“ zählt als 3 Vorwärtsdurchläufe, und die geprüften Köpfe werden mit der mittleren Tiefe veranschlagt. „Schnell“ wird empfohlen, wenn sie höchstens halb so viele Durchläufe braucht: Sie hält weit mehr Speicher (ihr Gradientendurchlauf behält die Aktivierungen jeder Schicht) und ordnet die nicht geprüften Köpfe nur nach der Schätzung erster Ordnung. Speicher: die gleichzeitig gehaltenen Aktivierungen über die Gewichte hinaus, mit 16 Gleitkommazahlen der versteckten Breite je Token und Schicht%1. Siehe docs/attribution.md, „Choosing a method“.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="82"/>
        <source>; prompts of about %1 tokens</source>
        <translation>; Prompts von etwa %1 Tokens</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="83"/>
        <source>; this task&apos;s prompt length is not known before it runs</source>
        <translation>; die Promptlänge dieser Aufgabe ist vor dem Lauf nicht bekannt</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentResults</name>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="55"/>
        <source>KV-retrieval</source>
        <translation>KV-Abruf</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="56"/>
        <source>MMLU</source>
        <translation>MMLU</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="58"/>
        <source>Knowledge</source>
        <translation>Wissen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="60"/>
        <source>Needle in a haystack</source>
        <translation>Nadel im Heuhaufen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="61"/>
        <source>All tasks</source>
        <translation>Alle Aufgaben</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="81"/>
        <source>Granular score (0–5)</source>
        <translation>Feingranulare Punktzahl (0–5)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="82"/>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="92"/>
        <source>Heads removed (most important first)</source>
        <translation>Entfernte Köpfe (wichtigste zuerst)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="94"/>
        <source>random heads (control)</source>
        <translation>zufällige Köpfe (Kontrolle)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="109"/>
        <source>k (heads kept per layer and position)</source>
        <translation>k (behaltene Köpfe pro Schicht und Position)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="110"/>
        <source>generation only</source>
        <translation>nur Generierung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="114"/>
        <source>prefill and generation</source>
        <translation>Prefill und Generierung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="198"/>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="199"/>
        <source>KV cache (MB)</source>
        <translation>KV-Cache (MB)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="200"/>
        <source>State (MB)</source>
        <translation>Zustand (MB)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="201"/>
        <source>Total (MB)</source>
        <translation>Gesamt (MB)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="207"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="208"/>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="209"/>
        <source>Importance</source>
        <translation>Wichtigkeit</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="210"/>
        <source>Baseline</source>
        <translation>Basislinie</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="211"/>
        <source>Ablated</source>
        <translation>Abgeschaltet</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="217"/>
        <source>Attribution estimate</source>
        <translation>Attributionsschätzung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="218"/>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="224"/>
        <source>exact (ablation)</source>
        <translation>exakt (Ablation)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="238"/>
        <source>estimate only (not verified)</source>
        <translation>nur Schätzung (nicht geprüft)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="251"/>
        <source>Prefill \ Generation</source>
        <translation>Prefill \ Generierung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="266"/>
        <source>Condition</source>
        <translation>Bedingung</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="268"/>
        <source>± s.e.</source>
        <translation>± Std.-Fehler</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="280"/>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="281"/>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="100"/>
        <location filename="../app/studio/experiment_results.cpp" line="282"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="101"/>
        <source>gradual: last n layers removed</source>
        <translation>schrittweise: letzte n Schichten entfernt</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="103"/>
        <source>individual: only layer n skipped</source>
        <translation>einzeln: nur Schicht n übersprungen</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="292"/>
        <source>all</source>
        <translation>alle</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentRunner</name>
    <message>
        <location filename="../app/studio/experiment_runner.cpp" line="59"/>
        <source>The model is still loading: run the experiment once it is open.</source>
        <translation>Das Modell wird noch geladen: Starten Sie das Experiment, sobald es geöffnet ist.</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_runner.cpp" line="60"/>
        <source>Open the model first (File ▸ Open model…).</source>
        <translation>Öffnen Sie zuerst das Modell (Datei ▸ Modell öffnen…).</translation>
    </message>
</context>
<context>
    <name>gna::studio::GuidedTour</name>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="500"/>
        <source>A hybrid retrieves through its attention heads: switch them off and the dictionary value and the letter drop towards chance (1 in %1 values, 1 in 4 letters). Open one in the window with Help ▸ Open demo model.</source>
        <translation>Ein Hybrid ruft über seine Attention-Heads ab: Schaltet man sie ab, fallen der Wert aus dem Wörterbuch und der Buchstabe in Richtung Zufallsniveau (1 von %1 Werten, 1 von 4 Buchstaben). Öffnen Sie ein Modell im Fenster über Hilfe ▸ Demo-Modell öffnen.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="472"/>
        <source>KV, attention off</source>
        <translation>KV, Attention aus</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="58"/>
        <source>MMLU asks for the letter of the right option, so the model must retrieve which letter stands next to the answer it knows; the classic format scores the answer text itself. The tour switches off the heads that carry the letter (the model card&apos;s measured one, or else the Gather and Aggregate heads) and scores both formats: where the letter falls while the classic answer holds, MMLU&apos;s difficulty is retrieval, not knowledge.</source>
        <translation>MMLU fragt nach dem Buchstaben der richtigen Option; das Modell muss also abrufen, welcher Buchstabe neben der Antwort steht, die es kennt. Das klassische Format bewertet den Antworttext selbst. Die Tour schaltet die Köpfe ab, die den Buchstaben tragen (den gemessenen Kopf der Modellkarte, sonst die Gather- und Aggregate-Köpfe), und bewertet beide Formate: Wo der Buchstabe fällt, während die klassische Antwort hält, liegt die Schwierigkeit von MMLU im Abruf, nicht im Wissen.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="221"/>
        <source>Aggregate head &lt;b&gt;%1&lt;/b&gt;: the final position puts %2 of its attention on the line ends. Probability of the correct value as the next token (the chart&apos;s top bar, ★ %5): &lt;b&gt;%3&lt;/b&gt;; among the dictionary&apos;s values only (the task&apos;s score): %4.</source>
        <translation>Aggregate-Kopf &lt;b&gt;%1&lt;/b&gt;: Die letzte Position richtet %2 ihrer Aufmerksamkeit auf die Zeilenenden. Wahrscheinlichkeit des richtigen Werts als nächstes Token (oberster Balken im Diagramm, ★ %5): &lt;b&gt;%3&lt;/b&gt;; nur unter den Werten des Wörterbuchs (Wertung der Aufgabe): %4.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="245"/>
        <source>drops from %1 to %2</source>
        <translation>fällt von %1 auf %2</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="246"/>
        <source>rises from %1 to %2</source>
        <translation>steigt von %1 auf %2</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="247"/>
        <source>stays about the same (%1, then %2)</source>
        <translation>bleibt etwa gleich (%1, dann %2)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="251"/>
        <source>With &lt;b&gt;%1&lt;/b&gt; off, the probability of the correct value as the next token (the chart&apos;s top bar, ★ %2) %3. Among the dictionary&apos;s values only (the task&apos;s score), it %4.</source>
        <translation>Mit &lt;b&gt;%1&lt;/b&gt; abgeschaltet: Die Wahrscheinlichkeit des richtigen Werts als nächstes Token (oberster Balken im Diagramm, ★ %2) %3. Nur unter den Werten des Wörterbuchs (Wertung der Aufgabe): Sie %4.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="261"/>
        <source>It does not drop: in this model retrieval does not run through this head alone (try switching off the next ones on the board).</source>
        <translation>Sie fällt nicht: In diesem Modell läuft der Abruf nicht allein über diesen Kopf (schalten Sie probeweise die nächsten auf der Kopftafel ab).</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="354"/>
        <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 and %4 off (the model card&apos;s top two of the head ranking).</source>
        <translation>%1 Fragen aus %2, jeweils mit vier Optionen, in beiden Formaten bewertet. Anteil richtiger Antworten mit allen Köpfen an und mit %3 und %4 abgeschaltet (die beiden obersten Köpfe der Kopf-Rangfolge laut Modellkarte).</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="361"/>
        <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 off (the model card&apos;s retrieval-versus-knowledge head).</source>
        <translation>%1 Fragen aus %2, jeweils mit vier Optionen, in beiden Formaten bewertet. Anteil richtiger Antworten mit allen Köpfen an und mit %3 abgeschaltet (der Kopf der Modellkarte, der Abruf von Wissen trennt).</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="368"/>
        <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 and %4 off.</source>
        <translation>%1 Fragen aus %2, jeweils mit vier Optionen, in beiden Formaten bewertet. Anteil richtiger Antworten mit allen Köpfen an und mit %3 und %4 abgeschaltet.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="375"/>
        <source>The prompt shown is the question whose correct letter loses the most probability with the heads off; its correct answer is %1.</source>
        <translation>Der gezeigte Prompt ist die Frage, deren richtiger Buchstabe mit abgeschalteten Köpfen am meisten Wahrscheinlichkeit verliert; ihre richtige Antwort ist %1.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="379"/>
        <source>With the heads off no question&apos;s correct letter loses probability; the prompt shown is the one that comes closest (its correct answer is %1).</source>
        <translation>Mit abgeschalteten Köpfen verliert bei keiner Frage der richtige Buchstabe an Wahrscheinlichkeit; der gezeigte Prompt ist die Frage, die dem am nächsten kommt (ihre richtige Antwort ist %1).</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="492"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="495"/>
        <source>No MMLU-format questions: %1</source>
        <translation>Keine Fragen im MMLU-Format: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="496"/>
        <source>Probability of the right answer (value %1 on the dictionary prompt; mean over MMLU-format questions on the invented facts):</source>
        <translation>Wahrscheinlichkeit der richtigen Antwort (Wert %1 beim Wörterbuch-Prompt; Mittel über MMLU-Fragen zu den erfundenen Fakten):</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="474"/>
        <source>MMLU, attention off</source>
        <translation>MMLU, Attention aus</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="473"/>
        <source>MMLU: correct letter</source>
        <translation>MMLU: richtiger Buchstabe</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="471"/>
        <source>KV: correct value</source>
        <translation>KV: richtiger Wert</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="29"/>
        <source>Guided tour</source>
        <translation>Geführte Tour</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="36"/>
        <source>Running the prompt on the other demo models… (%1 of %2)</source>
        <translation>Der Prompt läuft auf den anderen Demo-Modellen … (%1 von %2)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="63"/>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="64"/>
        <location filename="../app/studio/guided_tour.cpp" line="129"/>
        <source>&amp;Next</source>
        <translation>&amp;Weiter</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="65"/>
        <source>&amp;Leave tour</source>
        <translation>Tour &amp;verlassen</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="66"/>
        <source>The previous step (Alt+Left)</source>
        <translation>Der vorige Schritt (Alt+Links)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="67"/>
        <source>The next step (Alt+Right)</source>
        <translation>Der nächste Schritt (Alt+Rechts)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="68"/>
        <source>Close the tour and keep everything as it is; reopen it from Help ▸ Guided tour (F1)</source>
        <translation>Die Tour schließen und alles so lassen, wie es ist; wieder öffnen mit Hilfe ▸ Geführte Tour (F1)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="127"/>
        <source>Welcome</source>
        <translation>Willkommen</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="127"/>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="129"/>
        <source>&amp;Finish</source>
        <translation>&amp;Fertig</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="155"/>
        <source>Another model was opened before this step ran: press Next again.</source>
        <translation>Bevor dieser Schritt lief, wurde ein anderes Modell geöffnet: Drücken Sie erneut Weiter.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="178"/>
        <source>The model could not be loaded.</source>
        <translation>Das Modell konnte nicht geladen werden.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="184"/>
        <source>No model is open and the demo model is not bundled in this build. Open a model (File ▸ Open model), then press Next again.</source>
        <translation>Kein Modell ist geöffnet, und das Demo-Modell ist in diesem Build nicht enthalten. Öffnen Sie ein Modell (Datei ▸ Modell öffnen) und drücken Sie dann erneut Weiter.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="186"/>
        <source>Loading the demo model…</source>
        <translation>Das Demo-Modell wird geladen…</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="190"/>
        <source>The demo model could not be loaded.</source>
        <translation>Das Demo-Modell konnte nicht geladen werden.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="204"/>
        <source>Tour: restore heads</source>
        <translation>Tour: Köpfe wiederherstellen</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="205"/>
        <source>Tour: switch heads off</source>
        <translation>Tour: Köpfe abschalten</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="302"/>
        <source>precomputed in %1</source>
        <translation>vorberechnet in %1</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="310"/>
        <source>Another experiment is running: wait for it or cancel it, then press Next again.</source>
        <translation>Ein anderes Experiment läuft: Warten Sie darauf oder brechen Sie es ab, und drücken Sie dann erneut Weiter.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="311"/>
        <source>Ranking the heads: every head is switched off alone on 8 KV-retrieval prompts…</source>
        <translation>Die Köpfe werden eingestuft: Jeder Kopf wird einzeln auf 8 KV-Retrieval-Prompts abgeschaltet…</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="328"/>
        <source>computed now on 8 KV-retrieval prompts (Experiments dock)</source>
        <translation>soeben auf 8 KV-Retrieval-Prompts berechnet (Experimente-Leiste)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="330"/>
        <source>The head ranking found fewer than two heads.</source>
        <translation>Die Kopf-Rangfolge hat weniger als zwei Köpfe gefunden.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="340"/>
        <source>The head ranking was cancelled.</source>
        <translation>Die Kopf-Rangfolge wurde abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="375"/>
        <source>Could not pick a Gather and an Aggregate head.</source>
        <translation>Es konnten kein Gather- und kein Aggregate-Kopf gewählt werden.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="120"/>
        <source>A guided tour of Gather &amp; Aggregate</source>
        <translation>Eine geführte Tour durch Gather &amp; Aggregate</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="121"/>
        <source>The task: retrieve a value from a dictionary</source>
        <translation>Die Aufgabe: einen Wert aus einem Wörterbuch abrufen</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="122"/>
        <source>The head board, coloured by the head ranking</source>
        <translation>Die Kopftafel, eingefärbt nach der Kopf-Rangfolge</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="123"/>
        <source>The Gather head</source>
        <translation>Der Gather-Kopf</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="124"/>
        <source>The Aggregate head</source>
        <translation>Der Aggregate-Kopf</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="125"/>
        <source>Switch off the Aggregate head</source>
        <translation>Den Aggregate-Kopf abschalten</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="126"/>
        <source>MMLU format versus classic format</source>
        <translation>MMLU-Format gegenüber klassischem Format</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="127"/>
        <source>Transformer, SSM and hybrid</source>
        <translation>Transformer, SSM und Hybrid</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="41"/>
        <source>This tour shows, live, the few attention heads that let a language model retrieve from its context. Each step sets up the window for you: press Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back.</source>
        <translation>Diese Tour zeigt live die wenigen Attention-Köpfe, mit denen ein Sprachmodell aus seinem Kontext abruft. Jeder Schritt richtet das Fenster für Sie ein: Weiter geht voran, Zurück zurück, und Verlassen lässt Sie mit allem, wie es ist, weiter erkunden. Hilfe ▸ Geführte Tour holt die Tour zurück.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="44"/>
        <source>The prompt lists a dictionary of key:value pairs and asks for the value of one key, so the model can only answer by retrieving it from its context. The chart next to the head board shows the probability of each candidate value as the next token.</source>
        <translation>Der Prompt listet ein Wörterbuch aus Schlüssel:Wert-Paaren auf und fragt nach dem Wert eines Schlüssels; das Modell kann also nur antworten, indem es den Wert aus seinem Kontext abruft. Das Diagramm neben der Kopftafel zeigt die Wahrscheinlichkeit jedes Kandidatenwerts als nächstes Token.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="47"/>
        <source>Every cell is one attention head (rows: layers, columns: heads). Each head was switched off alone and the retrieval score measured again; the colour shows how much the score dropped. A few heads matter far more than all the others.</source>
        <translation>Jede Zelle ist ein Attention-Kopf (Zeilen: Schichten, Spalten: Köpfe). Jeder Kopf wurde einzeln abgeschaltet und die Retrieval-Leistung erneut gemessen; die Farbe zeigt, wie stark sie gefallen ist. Einige wenige Köpfe zählen weit mehr als alle anderen.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="50"/>
        <source>A Gather head condenses each segment of the prompt into its summary token: from the end of every line it attends back over that line. The left map shows this head, chosen among the top-ranked heads by where its attention goes.</source>
        <translation>Ein Gather-Kopf verdichtet jedes Segment des Prompts in sein Zusammenfassungs-Token: Vom Ende jeder Zeile aus richtet er seine Aufmerksamkeit zurück über diese Zeile. Die linke Karte zeigt diesen Kopf, unter den bestplatzierten Köpfen danach gewählt, wohin seine Aufmerksamkeit geht.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="53"/>
        <source>An Aggregate head reads those summaries: from the final position it attends to the line ends and carries the retrieved value to the output. The right map shows this head; its last row is the final position.</source>
        <translation>Ein Aggregate-Kopf liest diese Zusammenfassungen: Von der letzten Position aus richtet er seine Aufmerksamkeit auf die Zeilenenden und trägt den abgerufenen Wert zur Ausgabe. Die rechte Karte zeigt diesen Kopf; ihre letzte Zeile ist die letzte Position.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="56"/>
        <source>The tour has switched the Aggregate head off on the head board, just as a click does (Edit ▸ Undo brings it back). Compare the probability of the correct value with the previous step.</source>
        <translation>Die Tour hat den Aggregate-Kopf auf der Kopftafel abgeschaltet, genau wie ein Klick (Bearbeiten ▸ Rückgängig schaltet ihn wieder ein). Vergleichen Sie die Wahrscheinlichkeit des richtigen Werts mit dem vorigen Schritt.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="63"/>
        <source>The same dictionary prompt on the bundled SSM and hybrid demo models. An SSM has to squeeze the dictionary into a fixed-size state and approximates the Gather and Aggregate heads weakly; a hybrid keeps a few attention layers and retrieves through attention again.</source>
        <translation>Derselbe Wörterbuch-Prompt auf den mitgelieferten SSM- und Hybrid-Demo-Modellen. Ein SSM muss das Wörterbuch in einen Zustand fester Größe pressen und bildet die Gather- und Aggregate-Köpfe nur schwach nach; ein Hybrid behält einige Attention-Schichten und ruft wieder über Attention ab.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="155"/>
        <source>The correct value is &lt;b&gt;%1&lt;/b&gt;. Scored as the task does (each value as a continuation), the model gives it a probability of &lt;b&gt;%2&lt;/b&gt; among the %3 values in the dictionary; a guess would give %4.</source>
        <translation>Der richtige Wert ist &lt;b&gt;%1&lt;/b&gt;. So bewertet wie in der Aufgabe (jeder Wert als Fortsetzung), gibt ihm das Modell unter den %3 Werten des Wörterbuchs eine Wahrscheinlichkeit von &lt;b&gt;%2&lt;/b&gt;; Raten ergäbe %4.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="176"/>
        <source>Ranking %1. Most important: %2.</source>
        <translation>Rangfolge %1. Am wichtigsten: %2.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="203"/>
        <source>Gather head &lt;b&gt;%1&lt;/b&gt;: the line ends put %2 of their attention on their own line.</source>
        <translation>Gather-Kopf &lt;b&gt;%1&lt;/b&gt;: Die Zeilenenden richten %2 ihrer Aufmerksamkeit auf ihre eigene Zeile.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="69"/>
        <source>This tour shows, live, the few heads that let a language model retrieve from its context. This model is a state-space model without attention: its heads are SSM heads, and what each one reads from earlier tokens is shown as its hidden attention. Each step sets up the window for you: press Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back.</source>
        <translation>Diese Tour zeigt live die wenigen Köpfe, mit denen ein Sprachmodell aus seinem Kontext abruft. Dieses Modell ist ein Zustandsraummodell ohne Attention: Seine Köpfe sind SSM-Köpfe, und was jeder von ihnen aus früheren Token liest, wird als seine verborgene Aufmerksamkeit gezeigt. Jeder Schritt richtet das Fenster für Sie ein: Weiter geht voran, Zurück zurück, und Verlassen lässt Sie mit allem, wie es ist, weiter erkunden. Hilfe ▸ Geführte Tour holt die Tour zurück.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="75"/>
        <source>Every cell is one SSM head (rows: layers, columns: heads). Each head was switched off alone and the retrieval score measured again; the colour shows how much the score dropped. A few heads matter far more than all the others.</source>
        <translation>Jede Zelle ist ein SSM-Kopf (Zeilen: Schichten, Spalten: Köpfe). Jeder Kopf wurde einzeln abgeschaltet und die Retrieval-Leistung erneut gemessen; die Farbe zeigt, wie stark sie gefallen ist. Einige wenige Köpfe zählen weit mehr als alle anderen.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="79"/>
        <source>A Gather head condenses each segment of the prompt into its summary token: from the end of every line it reads back over that line. An SSM head has no attention weights: the left map shows its hidden attention, the weight its state-space recurrence gives each earlier token. This head was chosen among the top-ranked heads by where that weight goes.</source>
        <translation>Ein Gather-Kopf verdichtet jedes Segment des Prompts in sein Zusammenfassungs-Token: Vom Ende jeder Zeile aus liest er über diese Zeile zurück. Ein SSM-Kopf hat keine Attention-Gewichte: Die linke Karte zeigt seine verborgene Aufmerksamkeit, also das Gewicht, das seine Zustandsraum-Rekurrenz jedem früheren Token gibt. Dieser Kopf wurde unter den bestplatzierten Köpfen danach gewählt, wohin dieses Gewicht geht.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="83"/>
        <source>An Aggregate head reads those summaries: from the final position it reads the line ends and carries the retrieved value to the output. The right map shows this SSM head&apos;s hidden attention; its last row is the final position.</source>
        <translation>Ein Aggregate-Kopf liest diese Zusammenfassungen: Von der letzten Position aus liest er die Zeilenenden und trägt den abgerufenen Wert zur Ausgabe. Die rechte Karte zeigt die verborgene Aufmerksamkeit dieses SSM-Kopfs; ihre letzte Zeile ist die letzte Position.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="91"/>
        <source>This tour shows, live, the few heads that let a language model retrieve from its context. This hybrid model has attention heads and SSM heads; what an SSM head reads from earlier tokens is shown as its hidden attention. Each step sets up the window for you: press Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back.</source>
        <translation>Diese Tour zeigt live die wenigen Köpfe, mit denen ein Sprachmodell aus seinem Kontext abruft. Dieses Hybridmodell hat Attention-Köpfe und SSM-Köpfe; was ein SSM-Kopf aus früheren Token liest, wird als seine verborgene Aufmerksamkeit gezeigt. Jeder Schritt richtet das Fenster für Sie ein: Weiter geht voran, Zurück zurück, und Verlassen lässt Sie mit allem, wie es ist, weiter erkunden. Hilfe ▸ Geführte Tour holt die Tour zurück.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="97"/>
        <source>Every cell is one head (rows: layers; columns: the attention heads H, then the SSM heads S). Each head was switched off alone and the retrieval score measured again; the colour shows how much the score dropped. A few heads matter far more than all the others.</source>
        <translation>Jede Zelle ist ein Kopf (Zeilen: Schichten; Spalten: zuerst die Attention-Köpfe H, dann die SSM-Köpfe S). Jeder Kopf wurde einzeln abgeschaltet und die Retrieval-Leistung erneut gemessen; die Farbe zeigt, wie stark sie gefallen ist. Einige wenige Köpfe zählen weit mehr als alle anderen.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="100"/>
        <source>A Gather head condenses each segment of the prompt into its summary token: from the end of every line it attends back over that line. The left map shows this head, chosen among the top-ranked heads by where its attention goes (for an SSM head, its hidden attention: the weight its state-space recurrence gives each earlier token).</source>
        <translation>Ein Gather-Kopf verdichtet jedes Segment des Prompts in sein Zusammenfassungs-Token: Vom Ende jeder Zeile aus richtet er seine Aufmerksamkeit zurück über diese Zeile. Die linke Karte zeigt diesen Kopf, unter den bestplatzierten Köpfen danach gewählt, wohin seine Aufmerksamkeit geht (bei einem SSM-Kopf seine verborgene Aufmerksamkeit: das Gewicht, das seine Zustandsraum-Rekurrenz jedem früheren Token gibt).</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="104"/>
        <source>An Aggregate head reads those summaries: from the final position it attends to the line ends and carries the retrieved value to the output. The right map shows this head (for an SSM head, its hidden attention); its last row is the final position.</source>
        <translation>Ein Aggregate-Kopf liest diese Zusammenfassungen: Von der letzten Position aus richtet er seine Aufmerksamkeit auf die Zeilenenden und trägt den abgerufenen Wert zur Ausgabe. Die rechte Karte zeigt diesen Kopf (bei einem SSM-Kopf seine verborgene Aufmerksamkeit); ihre letzte Zeile ist die letzte Position.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="202"/>
        <source>Gather head &lt;b&gt;%1&lt;/b&gt;: the line ends put %2 of their hidden attention on their own line.</source>
        <translation>Gather-Kopf &lt;b&gt;%1&lt;/b&gt;: Die Zeilenenden richten %2 ihrer verborgenen Aufmerksamkeit auf ihre eigene Zeile.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="217"/>
        <source>Aggregate head &lt;b&gt;%1&lt;/b&gt;: the final position puts %2 of its hidden attention on the line ends. Probability of the correct value as the next token (the chart&apos;s top bar, ★ %5): &lt;b&gt;%3&lt;/b&gt;; among the dictionary&apos;s values only (the task&apos;s score): %4.</source>
        <translation>Aggregate-Kopf &lt;b&gt;%1&lt;/b&gt;: Die letzte Position richtet %2 ihrer verborgenen Aufmerksamkeit auf die Zeilenenden. Wahrscheinlichkeit des richtigen Werts als nächstes Token (oberster Balken im Diagramm, ★ %5): &lt;b&gt;%3&lt;/b&gt;; nur unter den Werten des Wörterbuchs (Wertung der Aufgabe): %4.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="387"/>
        <source>In the chart (this question, heads off) the correct letter %1 (bar ★ %1) is still the most likely.</source>
        <translation>Im Diagramm (diese Frage, Köpfe abgeschaltet) ist der richtige Buchstabe %1 (Balken ★ %1) weiterhin der wahrscheinlichste.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="390"/>
        <source>In the chart (this question, heads off) the model&apos;s most likely letter is %1, not the correct %2 (bar ★ %2).</source>
        <translation>Im Diagramm (diese Frage, Köpfe abgeschaltet) ist der wahrscheinlichste Buchstabe des Modells %1, nicht der richtige %2 (Balken ★ %2).</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="396"/>
        <source>drops</source>
        <translation>fällt</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="397"/>
        <source>rises</source>
        <translation>steigt</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="398"/>
        <source>stays at %1</source>
        <translation>bleibt bei %1</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="399"/>
        <source>holds</source>
        <translation>hält sich</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="401"/>
        <source>With the heads off the letter format %1 and the classic format %2.</source>
        <translation>Bei abgeschalteten Köpfen: Das Buchstabenformat %1, das klassische Format %2.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="406"/>
        <source>Here MMLU&apos;s difficulty is retrieval, not knowledge.</source>
        <translation>Hier liegt die Schwierigkeit von MMLU im Abruf, nicht im Wissen.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="407"/>
        <source>Here the two formats do not come apart: in this model these heads do not carry the letter alone.</source>
        <translation>Hier gehen die beiden Formate nicht auseinander: In diesem Modell tragen diese Köpfe den Buchstaben nicht allein.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="411"/>
        <source>all heads</source>
        <translation>alle Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="411"/>
        <source>G&amp;A off</source>
        <translation>G&amp;A abgeschaltet</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="412"/>
        <source>MMLU format (letter)</source>
        <translation>MMLU-Format (Buchstabe)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="413"/>
        <source>classic format (answer text)</source>
        <translation>klassisches Format (Antworttext)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="431"/>
        <source>SSM</source>
        <translation>SSM</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="431"/>
        <source>hybrid</source>
        <translation>Hybrid</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="435"/>
        <source>The SSM and hybrid demo models are not bundled in this build, so this step is skipped. Everything the tour set up stays as it is: keep exploring, or press Finish.</source>
        <translation>Die SSM- und Hybrid-Demo-Modelle sind in diesem Build nicht enthalten, daher entfällt dieser Schritt. Alles, was die Tour eingerichtet hat, bleibt wie es ist: Erkunden Sie weiter, oder drücken Sie Fertig.</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="446"/>
        <source>open model (%1)</source>
        <translation>geöffnetes Modell (%1)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="448"/>
        <source>Running the prompt on the other demo models…</source>
        <translation>Der Prompt läuft auf den anderen Demo-Modellen…</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="482"/>
        <source>could not load</source>
        <translation>konnte nicht geladen werden</translation>
    </message>
    <message>
        <location filename="../app/studio/tour_steps.cpp" line="346"/>
        <source>the demo model&apos;s invented world</source>
        <translation>der erfundenen Welt des Demo-Modells</translation>
    </message>
    <message>
        <location filename="../app/studio/tour_steps.cpp" line="355"/>
        <source>the bundled MMLU sample</source>
        <translation>der mitgelieferten MMLU-Stichprobe</translation>
    </message>
</context>
<context>
    <name>gna::studio::KvMapPanel</name>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="58"/>
        <source>Dictionary sizes (key:value lines), comma-separated, 1 to 100</source>
        <translation>Wörterbuchgrößen (Schlüssel:Wert-Zeilen), durch Kommas getrennt, 1 bis 100</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="61"/>
        <source>Where the asked key stands in the dictionary, in percent: 0 = first line, 100 = last line</source>
        <translation>Position des gefragten Schlüssels im Wörterbuch in Prozent: 0 = erste Zeile, 100 = letzte Zeile</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="66"/>
        <source>e.g. L2.H2, L1.H3 (SSM heads: L1.S2)</source>
        <translation>z. B. L2.H2, L1.H3 (SSM-Köpfe: L1.S2)</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="68"/>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="69"/>
        <source>Probability of the right value</source>
        <translation>Wahrscheinlichkeit des richtigen Werts</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="70"/>
        <source>&amp;Compare all heads with these heads off</source>
        <translation>&amp;Vergleichen: alle Köpfe gegen diese Köpfe abgeschaltet</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="71"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="72"/>
        <source>Export fi&amp;gure set…</source>
        <translation>Abbildungssatz ex&amp;portieren …</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="75"/>
        <source>Open a model to draw its KV-retrieval map.</source>
        <translation>Öffnen Sie ein Modell, um seine KV-Abrufkarte zu zeichnen.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="81"/>
        <source>Dictionary &amp;sizes:</source>
        <translation>Wörterbuch&amp;größen:</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="82"/>
        <source>&amp;Depths of the asked key (%):</source>
        <translation>&amp;Tiefen des gefragten Schlüssels (%):</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="83"/>
        <source>Sa&amp;mples per cell:</source>
        <translation>Beispiele pro &amp;Zelle:</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="84"/>
        <source>He&amp;ads off:</source>
        <translation>Abgeschaltete &amp;Köpfe:</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="85"/>
        <source>Co&amp;lour:</source>
        <translation>&amp;Farbe:</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="107"/>
        <source>Export the KV-retrieval maps into folder</source>
        <translation>KV-Abrufkarten in Ordner exportieren</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/kv_map_panel.cpp" line="111"/>
        <source>Wrote %n file(s)</source>
        <translation>
            <numerusform>%n Datei geschrieben</numerusform>
            <numerusform>%n Dateien geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="134"/>
        <source>Click “%1” to fill this map</source>
        <translation>Klicken Sie auf „%1“, um diese Karte zu füllen</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="138"/>
        <source>Each cell asks the key at that depth of the same dictionaries, scored as the KV-retrieval task scores (each value of the dictionary as a continuation).</source>
        <translation>Jede Zelle fragt nach dem Schlüssel in dieser Tiefe derselben Wörterbücher, bewertet wie in der KV-Abruf-Aufgabe (jeder Wert des Wörterbuchs als Fortsetzung).</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="154"/>
        <location filename="../app/studio/kv_map_panel.cpp" line="232"/>
        <source>Open a model first.</source>
        <translation>Öffnen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="159"/>
        <source>Dictionary sizes: &apos;%1&apos; is not a number; give whole numbers such as 4, 8, 16.</source>
        <translation>Wörterbuchgrößen: „%1“ ist keine Zahl; geben Sie ganze Zahlen wie 4, 8, 16 an.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="161"/>
        <source>Depths: &apos;%1&apos; is not a number; give percentages such as 0, 50, 100.</source>
        <translation>Tiefen: „%1“ ist keine Zahl; geben Sie Prozentwerte wie 0, 50, 100 an.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="167"/>
        <source>Heads off: &apos;%1&apos; is not a head of this model; write L&lt;layer&gt;.H&lt;head&gt; for attention heads, L&lt;layer&gt;.S&lt;head&gt; for SSM heads.</source>
        <translation>Abgeschaltete Köpfe: „%1“ ist kein Kopf dieses Modells; schreiben Sie L&lt;Schicht&gt;.H&lt;Kopf&gt; für Attention-Köpfe und L&lt;Schicht&gt;.S&lt;Kopf&gt; für SSM-Köpfe.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="173"/>
        <source>Heads off: name the heads to switch off, e.g. the Gather and Aggregate heads.</source>
        <translation>Abgeschaltete Köpfe: Nennen Sie die abzuschaltenden Köpfe, z. B. die Gather- und Aggregate-Köpfe.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="188"/>
        <source>Computing the KV-retrieval map with all heads and with %1 off…</source>
        <translation>Die KV-Abrufkarte wird mit allen Köpfen und mit %1 abgeschaltet berechnet …</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="213"/>
        <source>Cancelled; the maps show the last finished run.</source>
        <translation>Abgebrochen; die Karten zeigen den letzten abgeschlossenen Lauf.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="221"/>
        <source>Left: every head on. Right: %1 off. Hover a cell for its value.</source>
        <translation>Links: alle Köpfe an. Rechts: %1 abgeschaltet. Zeigen Sie mit der Maus auf eine Zelle, um ihren Wert zu sehen.</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="254"/>
        <source>All heads</source>
        <translation>Alle Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="255"/>
        <source>%1 off</source>
        <translation>%1 abgeschaltet</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="260"/>
        <source>Compute the maps first.</source>
        <translation>Berechnen Sie zuerst die Karten.</translation>
    </message>
</context>
<context>
    <name>gna::studio::MainWindow</name>
    <message>
        <location filename="../app/studio/main_window.cpp" line="493"/>
        <source>Loaded %1: %2 layers × %3 SSM heads</source>
        <translation>%1 geladen: %2 Schichten × %3 SSM-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="101"/>
        <source>No CUDA device: this build or this machine has none</source>
        <translation>Kein CUDA-Gerät: dieser Build oder dieser Rechner hat keines</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="97"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="58"/>
        <source>&amp;Save workspace</source>
        <translation>Arbeitsbereich &amp;speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="61"/>
        <source>Save workspace &amp;as…</source>
        <translation>Arbeitsbereich speichern &amp;unter…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="97"/>
        <source>CUDA (GPU)</source>
        <translation>CUDA (GPU)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="114"/>
        <source>Compute in &amp;bf16</source>
        <translation>In &amp;bf16 rechnen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="119"/>
        <source>Half the memory of f32; results deviate from f32 by bf16 rounding</source>
        <translation>Halber Speicher von f32; die Ergebnisse weichen um die bf16-Rundung von f32 ab</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="120"/>
        <source>This CPU has no bf16 instructions (AVX512-BF16 or AMX): bf16 would be several times slower than f32 here</source>
        <translation>Diese CPU hat keine bf16-Befehle (AVX512-BF16 oder AMX): bf16 wäre hier um ein Mehrfaches langsamer als f32</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="93"/>
        <source>&amp;Device</source>
        <translation>&amp;Gerät</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="80"/>
        <source>Loading cancelled</source>
        <translation>Laden abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="75"/>
        <source>Loading %p%</source>
        <translation>Lade %p%</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="64"/>
        <location filename="../app/studio/main_window_language.cpp" line="69"/>
        <source>G&amp;A Studio</source>
        <translation>G&amp;A Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="72"/>
        <source>Loading %1…</source>
        <translation>Lade %1 …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="86"/>
        <source>Could not load the model</source>
        <translation>Das Modell konnte nicht geladen werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="88"/>
        <source>Could not load %1</source>
        <translation>%1 konnte nicht geladen werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="101"/>
        <source>Run cancelled</source>
        <translation>Lauf abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="189"/>
        <source>Restore a&amp;ll</source>
        <translation>Alle &amp;wiederherstellen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="241"/>
        <source>Aggrega&amp;te head:</source>
        <translation>Aggrega&amp;te-Kopf:</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="376"/>
        <source>Stop the run or the load (Esc)</source>
        <translation>Lauf oder Laden abbrechen (Esc)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="557"/>
        <source>Tick “Compare with the unablated run” to see what the ablation changes</source>
        <translation>Aktivieren Sie „Mit dem Lauf ohne Ablation vergleichen“, um zu sehen, was die Ablation ändert</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="174"/>
        <source>No colouring</source>
        <translation>Keine Einfärbung</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="99"/>
        <source>Run failed: %1</source>
        <translation>Lauf fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="174"/>
        <source>Entropy of the last row</source>
        <translation>Entropie der letzten Zeile</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="174"/>
        <source>Max weight of the last row</source>
        <translation>Maximalgewicht der letzten Zeile</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="175"/>
        <source>Attention to the selected token</source>
        <translation>Aufmerksamkeit auf das gewählte Token</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="184"/>
        <source>C&amp;olour heads by:</source>
        <translation>Köpfe färben na&amp;ch:</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="188"/>
        <source>&amp;Invert</source>
        <translation>Umkehre&amp;n</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="214"/>
        <source>Ever&amp;y head</source>
        <translation>&amp;Jeder Kopf</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="217"/>
        <source>Show every head at once in small cells (their values on hover); + or Ctrl+wheel on the board zooms into a region, − back out</source>
        <translation>Jeden Kopf auf einmal in kleinen Zellen zeigen (Werte beim Darüberfahren); + oder Strg+Mausrad auf der Tafel zoomt in einen Bereich, − wieder heraus</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="235"/>
        <source>Compare with the unablated run</source>
        <translation>Mit dem Lauf ohne Ablation vergleichen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="239"/>
        <source>&amp;Gather head:</source>
        <translation>&amp;Gather-Kopf:</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="245"/>
        <source>A head as L&lt;layer&gt;.H&lt;head&gt;, e.g. L17.H24; double-click a head on the board to show it</source>
        <translation>Ein Kopf als L&lt;Schicht&gt;.H&lt;Kopf&gt;, z. B. L17.H24; Doppelklick auf einen Kopf im Raster zeigt ihn an</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="255"/>
        <location filename="../app/studio/main_window.cpp" line="602"/>
        <source>Attention</source>
        <translation>Aufmerksamkeit</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="256"/>
        <source>Difference (ablated − unablated)</source>
        <translation>Differenz (ablatiert − nicht ablatiert)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="354"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="375"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="48"/>
        <source>“%1” is not a head name: write L&lt;layer&gt;.H&lt;head&gt; (attention) or L&lt;layer&gt;.S&lt;head&gt; (SSM), e.g. L1.H3</source>
        <translation>„%1“ ist kein Kopfname: Schreiben Sie L&lt;Schicht&gt;.H&lt;Kopf&gt; (Attention) oder L&lt;Schicht&gt;.S&lt;Kopf&gt; (SSM), z. B. L1.H3</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="54"/>
        <source>The model has no %1: its layers are L0 to L%2</source>
        <translation>Das Modell hat kein %1: Seine Schichten sind L0 bis L%2</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="58"/>
        <source>The model has no %1: layer %2 has no SSM heads</source>
        <translation>Das Modell hat kein %1: Schicht %2 hat keine SSM-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="59"/>
        <source>The model has no %1: layer %2 has no attention heads</source>
        <translation>Das Modell hat kein %1: Schicht %2 hat keine Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="61"/>
        <source>The model has no %1: the SSM heads of layer %2 are S0 to S%3</source>
        <translation>Das Modell hat kein %1: Die SSM-Köpfe von Schicht %2 sind S0 bis S%3</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="62"/>
        <source>The model has no %1: the heads of layer %2 are H0 to H%3</source>
        <translation>Das Modell hat kein %1: Die Köpfe von Schicht %2 sind H0 bis H%3</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="122"/>
        <source>No head is ablated, so both runs are the same. Click a head on the board to switch it off.</source>
        <translation>Kein Kopf ist abgeschaltet, daher sind beide Läufe gleich. Klicken Sie auf einen Kopf auf der Kopftafel, um ihn abzuschalten.</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="136"/>
        <source>The ablated heads do not change these maps: both runs give the same weights (a head changes only the layers after its own).</source>
        <translation>Die abgeschalteten Köpfe ändern diese Karten nicht: Beide Läufe ergeben dieselben Gewichte (ein Kopf ändert nur die Schichten nach seiner eigenen).</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="144"/>
        <source>Gather %1: ablated − unablated</source>
        <translation>Gather %1: ablatiert − nicht ablatiert</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="145"/>
        <source>Aggregate %1: ablated − unablated</source>
        <translation>Aggregate %1: ablatiert − nicht ablatiert</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="147"/>
        <source>Gather %1: unchanged by the ablation</source>
        <translation>Gather %1: durch die Ablation unverändert</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="148"/>
        <source>Aggregate %1: unchanged by the ablation</source>
        <translation>Aggregate %1: durch die Ablation unverändert</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="556"/>
        <location filename="../app/studio/main_window_maps.cpp" line="102"/>
        <source>Type a prompt to see the attention maps</source>
        <translation>Geben Sie einen Prompt ein, um die Aufmerksamkeitskarten zu sehen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="487"/>
        <source>Loaded %1: %2 layers, up to %3 attention heads (H) and %4 SSM heads (S) per layer</source>
        <translation>%1 geladen: %2 Schichten, bis zu %3 Attention-Köpfe (H) und %4 SSM-Köpfe (S) pro Schicht</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="42"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="43"/>
        <source>&amp;Open model…</source>
        <translation>Modell ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="45"/>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="52"/>
        <source>Open &amp;workspace…</source>
        <translation>&amp;Arbeitsbereich öffnen …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="53"/>
        <source>Open workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="54"/>
        <source>Workspaces (*.gna.json *.json)</source>
        <translation>Arbeitsbereiche (*.gna.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="56"/>
        <location filename="../app/studio/main_window_startup.cpp" line="34"/>
        <source>Could not open the workspace</source>
        <translation>Der Arbeitsbereich konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="126"/>
        <source>The workspace</source>
        <translation>Der Arbeitsbereich</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="126"/>
        <source>The workspace %1</source>
        <translation>Der Arbeitsbereich %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="128"/>
        <source>Some heads of the workspace were not switched off</source>
        <translation>Einige Köpfe des Arbeitsbereichs wurden nicht abgeschaltet</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="129"/>
        <source>%1 lists heads to switch off (its plan, key &quot;ablate&quot;) that this model cannot switch off:</source>
        <translation>%1 nennt abzuschaltende Köpfe (sein Plan, Schlüssel &quot;ablate&quot;), die dieses Modell nicht abschalten kann:</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="131"/>
        <source>No head is switched off. Switch heads off on the head board and save the workspace again to correct it.</source>
        <translation>Kein Kopf ist abgeschaltet. Schalten Sie Köpfe auf der Kopftafel ab und speichern Sie den Arbeitsbereich erneut, um ihn zu berichtigen.</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="133"/>
        <source>Switched off: %1. Save the workspace again to correct the file.</source>
        <translation>Abgeschaltet: %1. Speichern Sie den Arbeitsbereich erneut, um die Datei zu berichtigen.</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="155"/>
        <source>Save workspace</source>
        <translation>Arbeitsbereich speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="156"/>
        <source>Workspaces (*.gna.json)</source>
        <translation>Arbeitsbereiche (*.gna.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="162"/>
        <source>Could not save the workspace</source>
        <translation>Der Arbeitsbereich konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="165"/>
        <source>Saved the workspace %1</source>
        <translation>Arbeitsbereich %1 gespeichert</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="177"/>
        <source>Save the changes?</source>
        <translation>Änderungen speichern?</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="178"/>
        <source>This session (its switched-off heads, prompt, shown heads and open results) is not saved in a workspace. Save it before closing?</source>
        <translation>Diese Sitzung (abgeschaltete Köpfe, Prompt, gezeigte Köpfe und offene Ergebnisse) ist in keinem Arbeitsbereich gespeichert. Vor dem Schließen speichern?</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="180"/>
        <source>The session has changes that the workspace %1 does not hold. Save them before closing?</source>
        <translation>Die Sitzung hat Änderungen, die der Arbeitsbereich %1 nicht enthält. Vor dem Schließen speichern?</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="234"/>
        <source>Nothing to export yet: run a prompt first.</source>
        <translation>Noch nichts zu exportieren: Führen Sie zuerst einen Prompt aus.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/main_window_workspace.cpp" line="274"/>
        <source>Wrote %n file(s) into %1</source>
        <translation>
            <numerusform>%n Datei in %1 geschrieben</numerusform>
            <numerusform>%n Dateien in %1 geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="65"/>
        <source>&amp;Export figure…</source>
        <translation>Abbildung &amp;exportieren …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="68"/>
        <source>Export figure &amp;set…</source>
        <translation>Abbildungs&amp;satz exportieren …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="71"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="73"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="74"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="76"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="81"/>
        <source>&amp;Invert ablation</source>
        <translation>Ablation &amp;umkehren</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="82"/>
        <source>Restore &amp;all heads</source>
        <translation>&amp;Alle Köpfe wiederherstellen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="83"/>
        <source>Ablate &amp;current layer</source>
        <translation>Aktuelle &amp;Schicht ablatieren</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="86"/>
        <source>&amp;Run</source>
        <translation>A&amp;usführen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="87"/>
        <source>&amp;Run now</source>
        <translation>&amp;Jetzt ausführen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="90"/>
        <source>&amp;Cancel</source>
        <translation>Ab&amp;brechen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="147"/>
        <source>&amp;KV-retrieval map…</source>
        <translation>&amp;KV-Abrufkarte …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="152"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="159"/>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="162"/>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="162"/>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="162"/>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="172"/>
        <source>Colour &amp;palette</source>
        <translation>Farb&amp;palette</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="184"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="196"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="210"/>
        <source>No model loaded. Open one with %1 (%2) or drop a model folder here</source>
        <translation>Kein Modell geladen. Öffnen Sie eines mit %1 (%2) oder ziehen Sie einen Modellordner hierher</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="215"/>
        <source>%1, or open a bundled demo from %2.</source>
        <translation>%1, oder öffnen Sie ein mitgeliefertes Demo-Modell über %2.</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="218"/>
        <source>&amp;About G&amp;&amp;A Studio</source>
        <translation>Ü&amp;ber G&amp;&amp;A Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="219"/>
        <source>About G&amp;A Studio</source>
        <translation>Über G&amp;A Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="220"/>
        <source>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;Find, see and test the attention heads that carry in-context retrieval (Gather &amp;amp; Aggregate).</source>
        <translation>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;Finden, sehen und testen Sie die Aufmerksamkeitsköpfe, die das Abrufen aus dem Kontext tragen (Gather &amp;amp; Aggregate).</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="225"/>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="495"/>
        <source>Loaded %1: %2 layers × %3 heads</source>
        <translation>%1 geladen: %2 Schichten × %3 Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="496"/>
        <source>G&amp;A Studio — %1</source>
        <translation>G&amp;A Studio — %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="99"/>
        <source>Gather %1</source>
        <translation>Gather %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="100"/>
        <source>Aggregate %1</source>
        <translation>Aggregate %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/main_window_maps.cpp" line="88"/>
        <source>%n token(s), %1 head(s) ablated, %2 ms</source>
        <translation>
            <numerusform>%n Token, %1 Köpfe ablatiert, %2 ms</numerusform>
            <numerusform>%n Token, %1 Köpfe ablatiert, %2 ms</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="559"/>
        <source>Type a prompt to see the next-token probabilities</source>
        <translation>Geben Sie einen Prompt ein, um die Wahrscheinlichkeiten des nächsten Tokens zu sehen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="569"/>
        <source>No head ranking yet: run one in the Experiments dock (Head ranking) or open its result.json, and the board shows each head&apos;s importance.</source>
        <translation>Noch keine Kopfrangfolge: Führen Sie eine im Experimente-Dock aus (Kopfrangfolge) oder öffnen Sie ihre result.json, dann zeigt die Tafel die Wichtigkeit jedes Kopfes.</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="575"/>
        <source>Head board: importance from the model card: the drop in KV-retrieval accuracy when each head alone is switched off</source>
        <translation>Kopftafel: Wichtigkeit aus der Modellkarte: der Rückgang der KV-Abrufgenauigkeit, wenn jeder Kopf allein abgeschaltet wird</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="600"/>
        <source>Attention / hidden attention</source>
        <translation>Aufmerksamkeit / verborgene Aufmerksamkeit</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="601"/>
        <source>Hidden attention</source>
        <translation>Verborgene Aufmerksamkeit</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="91"/>
        <source>The workspace&apos;s model runs on the server %1, and this build has no remote engine.</source>
        <translation>Das Modell des Arbeitsbereichs läuft auf dem Server %1, und dieser Build hat keine Remote-Engine.</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="272"/>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="175"/>
        <source>Importance (head ranking result)</source>
        <translation>Wichtigkeit (Ergebnis der Kopf-Rangfolge)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="176"/>
        <source>Gather score (line ends → their own line)</source>
        <translation>Gather-Wert (Zeilenenden → ihre eigene Zeile)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="177"/>
        <source>Aggregate score (last token → line ends)</source>
        <translation>Aggregate-Wert (letztes Token → Zeilenenden)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="178"/>
        <source>Duplicate-token score (earlier copies of the token)</source>
        <translation>Duplikat-Token-Wert (frühere Kopien des Tokens)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="179"/>
        <source>Induction score (the token after an earlier copy)</source>
        <translation>Induktionswert (das Token nach einer früheren Kopie)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="132"/>
        <source>E&amp;xperiments</source>
        <translation>E&amp;xperimente</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="137"/>
        <source>&amp;Open result…</source>
        <translation>Ergebnis ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="138"/>
        <source>Open experiment result</source>
        <translation>Experimentergebnis öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="139"/>
        <source>Results (result.json *.json)</source>
        <translation>Ergebnisse (result.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="141"/>
        <location filename="../app/studio/main_window_startup.cpp" line="32"/>
        <source>Could not open the result</source>
        <translation>Das Ergebnis konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="143"/>
        <source>G&amp;&amp;A &amp;mask editor (MMLU)…</source>
        <translation>G&amp;&amp;A-&amp;Masken-Editor (MMLU) …</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="43"/>
        <source>G&amp;&amp;A mask editor</source>
        <translation>G&amp;&amp;A-Masken-Editor</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="53"/>
        <source>KV-retrieval map</source>
        <translation>KV-Abrufkarte</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="106"/>
        <source>Head board: %1 of %2 top heads verified exactly; the others hatched, by attribution estimate</source>
        <translation>Kopftafel: %1 von %2 obersten Köpfen exakt geprüft; die anderen schraffiert, nach Attributionsschätzung</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="111"/>
        <source>Head board coloured by importance from the head ranking</source>
        <translation>Kopf-Tafel nach der Wichtigkeit aus der Kopf-Rangfolge eingefärbt</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="146"/>
        <source>No model is open</source>
        <translation>Kein Modell geöffnet</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="146"/>
        <source>Open the model of this result to see the prompt&apos;s attention.</source>
        <translation>Öffnen Sie das Modell dieses Ergebnisses, um die Aufmerksamkeit des Prompts zu sehen.</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="148"/>
        <source>Note: this result was computed with another model than the open one</source>
        <translation>Hinweis: Dieses Ergebnis wurde mit einem anderen als dem geöffneten Modell berechnet</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="159"/>
        <location filename="../app/studio/main_window_experiments.cpp" line="177"/>
        <source>Could not rebuild the prompt</source>
        <translation>Der Prompt konnte nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="181"/>
        <source>Opened the prompt %1</source>
        <translation>Prompt %1 geöffnet</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="59"/>
        <source>Restore the last session?</source>
        <translation>Letzte Sitzung wiederherstellen?</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/main_window_startup.cpp" line="60"/>
        <source>G&amp;A Studio did not close cleanly last time. Restore the autosaved session (model %1, %n ablated head(s))?</source>
        <translation>
            <numerusform>G&amp;A Studio wurde zuletzt nicht ordnungsgemäß beendet. Die automatisch gespeicherte Sitzung wiederherstellen (Modell %1, %n abgeschalteter Kopf)?</numerusform>
            <numerusform>G&amp;A Studio wurde zuletzt nicht ordnungsgemäß beendet. Die automatisch gespeicherte Sitzung wiederherstellen (Modell %1, %n abgeschaltete Köpfe)?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="65"/>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="66"/>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="71"/>
        <source>Could not restore the session</source>
        <translation>Die Sitzung konnte nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="197"/>
        <source>&amp;Guided tour</source>
        <translation>&amp;Geführte Tour</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="198"/>
        <source>Open &amp;demo model</source>
        <translation>&amp;Demo-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="199"/>
        <source>&amp;Transformer</source>
        <translation>&amp;Transformer</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="200"/>
        <source>&amp;SSM (Mamba)</source>
        <translation>&amp;SSM (Mamba)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="201"/>
        <source>&amp;Hybrid</source>
        <translation>&amp;Hybrid</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="206"/>
        <source>Not bundled in this build</source>
        <translation>In diesem Build nicht enthalten</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="66"/>
        <source>Could not open an experiment result of the workspace</source>
        <translation>Ein Experimentergebnis des Arbeitsbereichs konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_docks.cpp" line="56"/>
        <source>“%1” takes the whole window; %2 or its close button shows the main view again</source>
        <translation>„%1“ füllt das ganze Fenster; %2 oder die Schließen-Schaltfläche der Leiste zeigt wieder die Hauptansicht</translation>
    </message>
</context>
<context>
    <name>gna::studio::MaskPanel</name>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="60"/>
        <source>With the mask</source>
        <translation>Mit Maske</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="60"/>
        <source>With the mask (correct answer)</source>
        <translation>Mit Maske (richtige Antwort)</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="60"/>
        <source>Without the mask</source>
        <translation>Ohne Maske</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="235"/>
        <source>Run with and without the mask to fill this chart</source>
        <translation>Führen Sie mit und ohne Maske aus, um dieses Diagramm zu füllen</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="61"/>
        <source>Run &amp;with and without the mask</source>
        <translation>Mit und ohne &amp;Maske ausführen</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="62"/>
        <source>Reset to the G&amp;&amp;A mask</source>
        <translation>Auf die G&amp;&amp;A-Maske zurücksetzen</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="64"/>
        <location filename="../app/studio/mask_panel.cpp" line="211"/>
        <source>Open a model to edit G&amp;A masks on the bundled MMLU sample.</source>
        <translation>Öffnen Sie ein Modell, um G&amp;A-Masken an der mitgelieferten MMLU-Stichprobe zu bearbeiten.</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="70"/>
        <source>&amp;Question:</source>
        <translation>&amp;Frage:</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="143"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="73"/>
        <source>Aggregate hea&amp;d:</source>
        <translation>Aggregate-K&amp;opf:</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="77"/>
        <source>G&amp;ather head:</source>
        <translation>Gathe&amp;r-Kopf:</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="80"/>
        <source>&amp;Mask rule:</source>
        <translation>Ma&amp;skenregel:</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="96"/>
        <source>This model has no attention heads: G&amp;A masks act on attention alone.</source>
        <translation>Dieses Modell hat keine Attention-Köpfe: G&amp;A-Masken wirken nur auf die Attention.</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="161"/>
        <source>demo world</source>
        <translation>Demo-Welt</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/mask_panel.cpp" line="196"/>
        <source>%n MMLU-format question(s) from the demo model&apos;s invented world.</source>
        <translation>
            <numerusform>%n Frage im MMLU-Format aus der erfundenen Welt des Demo-Modells.</numerusform>
            <numerusform>%n Fragen im MMLU-Format aus der erfundenen Welt des Demo-Modells.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/mask_panel.cpp" line="198"/>
        <source>%n MMLU question(s) from the bundled sample.</source>
        <translation>
            <numerusform>%n MMLU-Frage aus der mitgelieferten Stichprobe.</numerusform>
            <numerusform>%n MMLU-Fragen aus der mitgelieferten Stichprobe.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="233"/>
        <source>Click a token to mask or unmask it for the chosen rule (struck-through tokens are masked; a framed token is an option&apos;s summary token):</source>
        <translation>Klicken Sie auf ein Token, um es für die gewählte Regel zu maskieren oder die Maske aufzuheben (durchgestrichene Token sind maskiert; ein umrahmtes Token ist das Zusammenfassungs-Token einer Option):</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="315"/>
        <source>Gather %1 at the summary token of option %2</source>
        <translation>Gather %1 am Zusammenfassungs-Token von Option %2</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="319"/>
        <source>Aggregate %1 at the final position</source>
        <translation>Aggregate %1 an der letzten Position</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="362"/>
        <source>Running…</source>
        <translation>Läuft …</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="395"/>
        <source>Answer %1. Without the mask the model picks %2, with it %3.</source>
        <translation>Antwort %1. Ohne Maske wählt das Modell %2, mit Maske %3.</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="404"/>
        <source>Open a model first.</source>
        <translation>Öffnen Sie zuerst ein Modell.</translation>
    </message>
</context>
<context>
    <name>gna::studio::ModelInfoPanel</name>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="35"/>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="36"/>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="37"/>
        <source>Attention heads (query / KV)</source>
        <translation>Attention-Köpfe (Query / KV)</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="38"/>
        <source>SSM heads</source>
        <translation>SSM-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="39"/>
        <source>Hidden size</source>
        <translation>Verborgene Größe</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="40"/>
        <source>Vocabulary</source>
        <translation>Vokabular</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="41"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="42"/>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="43"/>
        <source>Data type</source>
        <translation>Datentyp</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="44"/>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="45"/>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="46"/>
        <source>Runs on</source>
        <translation>Läuft auf</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="65"/>
        <source>Model information</source>
        <translation>Modellinformationen</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="108"/>
        <source>in layer %1</source>
        <translation>in Schicht %1</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="108"/>
        <source>in layers %1</source>
        <translation>in Schichten %1</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="117"/>
        <location filename="../app/studio/model_info_panel.cpp" line="123"/>
        <source>%1 per layer</source>
        <translation>%1 pro Schicht</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="120"/>
        <location filename="../app/studio/model_info_panel.cpp" line="122"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="129"/>
        <source>%1 B</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="130"/>
        <source>%1 M</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="134"/>
        <source>%1 (stored %2)</source>
        <translation>%1 (gespeichert als %2)</translation>
    </message>
</context>
<context>
    <name>gna::studio::OpenModelDialog</name>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="31"/>
        <source>Open model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="35"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="46"/>
        <source>folder with config.json and *.safetensors</source>
        <translation>Ordner mit config.json und *.safetensors</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="48"/>
        <source>optional: the model folder&apos;s own tokenizer files</source>
        <translation>optional; sonst die Tokenizer-Dateien des Modellordners</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="51"/>
        <source>&amp;Model folder:</source>
        <translation>&amp;Modellordner:</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="52"/>
        <source>&amp;Tokenizer folder:</source>
        <translation>&amp;Tokenizer-Ordner:</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="125"/>
        <source>Memory: about %1 for %2 tokens in %3 (weights %4, KV cache and states %5, activations %6).</source>
        <translation>Speicher: etwa %1 für %2 Token in %3 (Gewichte %4, KV-Cache und Zustände %5, Aktivierungen %6).</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="132"/>
        <source>Only %1 is available: this model does not fit and will not be loaded. Choose a smaller checkpoint or free memory.</source>
        <translation>Nur %1 verfügbar: Dieses Modell passt nicht in den Speicher und wird nicht geladen. Wählen Sie einen kleineren Checkpoint, oder geben Sie Speicher frei.</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="136"/>
        <source>%1 is available.</source>
        <translation>%1 verfügbar.</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="139"/>
        <source>No memory estimate: %1</source>
        <translation>Keine Speicherschätzung: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="142"/>
        <source>No memory estimate: %1 has no config.json. Choose the folder that holds config.json and the *.safetensors files.</source>
        <translation>Keine Speicherschätzung: %1 enthält keine config.json. Wählen Sie den Ordner, der config.json und die *.safetensors-Dateien enthält.</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="49"/>
        <source>Open a model folder (config.json, *.safetensors, tokenizer)</source>
        <translation>Modellordner öffnen (config.json, *.safetensors, Tokenizer)</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="50"/>
        <source>Folder with tokenizer.json or tokenizer.model</source>
        <translation>Ordner mit tokenizer.json oder tokenizer.model</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="91"/>
        <source>The tokenizer folder holds neither tokenizer.json nor tokenizer.model.</source>
        <translation>Der Tokenizer-Ordner enthält weder tokenizer.json noch tokenizer.model.</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="94"/>
        <source>This model folder has no tokenizer files, so prompts cannot be tokenized. Choose the tokenizer folder of the model family (state-spaces/mamba-* use EleutherAI/gpt-neox-20b&apos;s).</source>
        <translation>Dieser Modellordner enthält keine Tokenizer-Dateien, daher können Prompts nicht tokenisiert werden. Wählen Sie den Tokenizer-Ordner der Modellfamilie (state-spaces/mamba-* verwenden den von EleutherAI/gpt-neox-20b).</translation>
    </message>
</context>
<context>
    <name>gna::studio::PromptEditor</name>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="23"/>
        <source>KV-retrieval (5 keys)</source>
        <translation>KV-Abruf (5 Schlüssel)</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="27"/>
        <source>MMLU-style question</source>
        <translation>Frage im MMLU-Stil</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="31"/>
        <source>Needle in a haystack (short)</source>
        <translation>Nadel im Heuhaufen (kurz)</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="37"/>
        <source>Free text</source>
        <translation>Freier Text</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="50"/>
        <source>R&amp;un</source>
        <translation>Ausführ&amp;en</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="55"/>
        <source>&amp;Sample prompt:</source>
        <translation>Beispiel-&amp;Prompt:</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="64"/>
        <source>Choose a sample…</source>
        <translation>Beispiel wählen …</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="67"/>
        <source>Type a prompt; the model reruns as you type or toggle heads.</source>
        <translation>Prompt eingeben; das Modell rechnet beim Tippen und beim Umschalten von Köpfen neu.</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="69"/>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="73"/>
        <source>Answer &amp;candidates:</source>
        <translation>Antwort&amp;kandidaten:</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="75"/>
        <source>comma-separated, e.g. 88, 42</source>
        <translation>durch Kommas getrennt, z. B. 88, 42</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="76"/>
        <source>Each candidate is scored by the probability of its first token</source>
        <translation>Jeder Kandidat wird nach der Wahrscheinlichkeit seines ersten Tokens bewertet</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="80"/>
        <source>Run the model on the prompt (Ctrl+R)</source>
        <translation>Modell auf den Prompt anwenden (Strg+R)</translation>
    </message>
</context>
<context>
    <name>gna::studio::RankingScores</name>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="71"/>
        <source>attribution estimate (logit difference)</source>
        <translation>Attributionsschätzung (Logit-Differenz)</translation>
    </message>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="79"/>
        <source>exact drop in log-probability (baseline − ablated)</source>
        <translation>exakter Rückgang der Log-Wahrscheinlichkeit (Basis − ablatiert)</translation>
    </message>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="82"/>
        <source>exact drop in accuracy (baseline − ablated)</source>
        <translation>exakter Rückgang der Genauigkeit (Basis − ablatiert)</translation>
    </message>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="83"/>
        <source>exact drop in %1 (baseline − ablated)</source>
        <translation>exakter Rückgang von %1 (Basis − ablatiert)</translation>
    </message>
</context>
<context>
    <name>gna::studio::ServerLink</name>
    <message>
        <location filename="../app/studio/server_link.cpp" line="101"/>
        <source>ssh: %1</source>
        <translation>ssh: %1</translation>
    </message>
</context>
<context>
    <name>gna::studio::ServerMenu</name>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="52"/>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="57"/>
        <source>Server %1 (%2)</source>
        <translation>Server %1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="69"/>
        <source>Could not connect to the server</source>
        <translation>Verbindung zum Server fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="72"/>
        <source>Server %1 (%2) · %3 ms</source>
        <translation>Server %1 (%2) · %3 ms</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="76"/>
        <source>Server %1: connection lost</source>
        <translation>Server %1: Verbindung verloren</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="78"/>
        <source>Connection to the server lost</source>
        <translation>Verbindung zum Server verloren</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="79"/>
        <source>%1

%2Nothing you saved is lost. Connect again with File ▸ Connect to server; a running experiment resumes from its saved samples when you start it again.</source>
        <translation>%1

%2Nichts Gespeichertes geht verloren. Verbinden Sie sich erneut mit Datei ▸ Mit Server verbinden; ein laufendes Experiment setzt bei seinen gespeicherten Beispielen fort, wenn Sie es erneut starten.</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="108"/>
        <source>Co&amp;nnect to server…</source>
        <translation>Mit Server ver&amp;binden…</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="112"/>
        <source>Disconnec&amp;t from server</source>
        <translation>Vom Server &amp;trennen</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="110"/>
        <source>Open model on ser&amp;ver…</source>
        <translation>Modell auf Ser&amp;ver öffnen…</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="82"/>
        <source>The open model runs on that server: its runs fail until you connect again, which opens it there again. </source>
        <translation>Das geöffnete Modell läuft auf diesem Server: Seine Läufe schlagen fehl, bis Sie sich erneut verbinden; dabei wird es dort wieder geöffnet. </translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="133"/>
        <source>Open model on server</source>
        <translation>Modell auf Server öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="134"/>
        <source>Checkpoint folder on %1:</source>
        <translation>Checkpoint-Ordner auf %1:</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="158"/>
        <source>this computer</source>
        <translation>diesem Computer</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="163"/>
        <source>%1 (%2, %3 free)</source>
        <translation>%1 (%2, %3 frei)</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="165"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>gna::studio::Workspace</name>
    <message>
        <location filename="../app/studio/workspace.cpp" line="131"/>
        <location filename="../app/studio/workspace.cpp" line="136"/>
        <source>Cannot write the workspace file %1: %2</source>
        <translation>Die Arbeitsbereichsdatei %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/workspace.cpp" line="145"/>
        <source>Cannot open the workspace file %1: %2</source>
        <translation>Die Arbeitsbereichsdatei %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/workspace.cpp" line="152"/>
        <source>The workspace file %1 is not valid JSON (%2 at byte %3).</source>
        <translation>Die Arbeitsbereichsdatei %1 ist kein gültiges JSON (%2 bei Byte %3).</translation>
    </message>
    <message>
        <location filename="../app/studio/workspace.cpp" line="158"/>
        <source>The file %1 is not a G&amp;A Studio workspace.</source>
        <translation>Die Datei %1 ist kein G&amp;A-Studio-Arbeitsbereich.</translation>
    </message>
</context>
<context>
    <name>gna::views</name>
    <message>
        <location filename="../views/figure_export.cpp" line="227"/>
        <location filename="../views/figure_export.cpp" line="235"/>
        <source>Could not write the PDF file %1.</source>
        <translation>Die PDF-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="251"/>
        <location filename="../views/figure_export.cpp" line="256"/>
        <source>Could not write the SVG file %1.</source>
        <translation>Die SVG-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="276"/>
        <source>Could not write the PNG file %1.</source>
        <translation>Die PNG-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="419"/>
        <location filename="../views/figure_export.cpp" line="421"/>
        <source>Could not write the CSV file %1.</source>
        <translation>Die CSV-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="429"/>
        <source>Nothing to export: %1</source>
        <translation>Nichts zu exportieren: %1</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="447"/>
        <source>Could not create the folder %1.</source>
        <translation>Der Ordner %1 konnte nicht angelegt werden.</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="463"/>
        <source>Skipped the empty figures: %1.</source>
        <translation>Leere Abbildungen übersprungen: %1.</translation>
    </message>
</context>
<context>
    <name>gna::views::AblationCurve</name>
    <message>
        <location filename="../views/ablation_curve.cpp" line="19"/>
        <source>Ablation curve</source>
        <translation>Ablationskurve</translation>
    </message>
    <message>
        <location filename="../views/ablation_curve.cpp" line="25"/>
        <location filename="../views/ablation_curve.cpp" line="123"/>
        <source>Run the experiment (or open a result) to draw this curve</source>
        <translation>Führen Sie das Experiment aus (oder öffnen Sie ein Ergebnis), um diese Kurve zu zeichnen</translation>
    </message>
</context>
<context>
    <name>gna::views::AttentionHeatmap</name>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="66"/>
        <location filename="../views/attention_heatmap.cpp" line="196"/>
        <source>Attention weight</source>
        <translation>Aufmerksamkeitsgewicht</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="73"/>
        <source>Key token</source>
        <translation>Key-Token</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="74"/>
        <source>Query token</source>
        <translation>Query-Token</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="78"/>
        <source>Attention heatmap</source>
        <translation>Aufmerksamkeits-Heatmap</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="79"/>
        <source>Scroll to zoom, drag to pan, double-click to reset the view</source>
        <translation>Scrollen zum Zoomen, Ziehen zum Verschieben, Doppelklick setzt die Ansicht zurück</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="85"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="195"/>
        <source>Weight difference</source>
        <translation>Gewichtsdifferenz</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="195"/>
        <source>Hidden attention difference</source>
        <translation>Differenz der verborgenen Aufmerksamkeit</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="197"/>
        <source>Hidden attention (larger |a| in the end colours)</source>
        <translation>Verborgene Aufmerksamkeit (größere |a| in den Endfarben)</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="198"/>
        <source>Hidden attention</source>
        <translation>Verborgene Aufmerksamkeit</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="285"/>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="289"/>
        <source>“%1” after “%2”</source>
        <translation>„%1“ nach „%2“</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="318"/>
        <source>last row: entropy %1 bits, max %2 on %3</source>
        <translation>letzte Zeile: Entropie %1 Bit, Maximum %2 auf %3</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="320"/>
        <source>colour: signed a; last row as |a| / Σ|a|: entropy %1 bits, max %2 on %3</source>
        <translation>Farbe: vorzeichenbehaftetes a; letzte Zeile als |a| / Σ|a|: Entropie %1 Bit, Maximum %2 auf %3</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="321"/>
        <source>last row as a / Σa: entropy %1 bits, max %2 on %3</source>
        <translation>letzte Zeile als a / Σa: Entropie %1 Bit, Maximum %2 auf %3</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="351"/>
        <source>masked: key after the query (causal)</source>
        <translation>maskiert: Key nach der Query (kausal)</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="352"/>
        <source>Weight %1</source>
        <translation>Gewicht %1</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="353"/>
        <source>Query %1 “%2”
Key %3 “%4”
%5</source>
        <translation>Query %1 „%2“
Key %3 „%4“
%5</translation>
    </message>
</context>
<context>
    <name>gna::views::FigureExportDialog</name>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="71"/>
        <source>Transparent background</source>
        <translation>Transparenter Hintergrund</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="72"/>
        <source>&amp;Paper colours (white background)</source>
        <translation>&amp;Papierfarben (weißer Hintergrund)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="74"/>
        <location filename="../views/figure_dialogs.cpp" line="147"/>
        <source>Export figure</source>
        <translation>Abbildung exportieren</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>PDF (vector)</source>
        <translation>PDF (Vektor)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>SVG (vector)</source>
        <translation>SVG (Vektor)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>PNG (bitmap)</source>
        <translation>PNG (Bitmap)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>CSV (data)</source>
        <translation>CSV (Daten)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="79"/>
        <source> in</source>
        <translation> Zoll</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="86"/>
        <source>Browse…</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="91"/>
        <source>Fi&amp;gure:</source>
        <translation>&amp;Abbildung:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="93"/>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="98"/>
        <source>Draw the figure with a white background and dark text and axes, whatever the theme on screen; clear it to keep the colours on screen.</source>
        <translation>Zeichnet die Abbildung mit weißem Hintergrund und dunklem Text und dunklen Achsen, unabhängig vom Farbschema auf dem Bildschirm; deaktivieren, um die Farben des Bildschirms zu behalten.</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="101"/>
        <source>F&amp;ile:</source>
        <translation>Dat&amp;ei:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="158"/>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>gna::views::FigureSetDialog</name>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="168"/>
        <source>&amp;Paper colours (white background)</source>
        <translation>&amp;Papierfarben (weißer Hintergrund)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="169"/>
        <source>Transparent background</source>
        <translation>Transparenter Hintergrund</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="170"/>
        <source>Export figure set</source>
        <translation>Abbildungssatz exportieren</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="172"/>
        <source>Browse…</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="177"/>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="177"/>
        <source>SVG</source>
        <translation>SVG</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="178"/>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="187"/>
        <source>F&amp;older:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="190"/>
        <source>Every figure the window shows (maps, next-token chart, head board, experiment plots), each with a CSV of its data; tables as CSV and LaTeX.</source>
        <translation>Jede Abbildung, die das Fenster zeigt (Karten, Diagramm der nächsten Tokens, Kopftafel, Experimentdiagramme), jeweils mit einer CSV ihrer Daten; Tabellen als CSV und LaTeX.</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="194"/>
        <source>Formats:</source>
        <translation>Formate:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="198"/>
        <source>Draw the figures with a white background and dark text and axes, whatever the theme on screen; clear it to keep the colours on screen.</source>
        <translation>Die Abbildungen mit weißem Hintergrund und dunklem Text und Achsen zeichnen, unabhängig vom Design auf dem Bildschirm; abwählen, um die Bildschirmfarben zu behalten.</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="208"/>
        <source>Export figure set into folder</source>
        <translation>Abbildungssatz in Ordner exportieren</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="239"/>
        <source>Choose the folder the figures go into.</source>
        <translation>Wählen Sie den Ordner für die Abbildungen.</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="243"/>
        <source>Tick at least one format (PDF, SVG or PNG).</source>
        <translation>Wählen Sie mindestens ein Format (PDF, SVG oder PNG).</translation>
    </message>
</context>
<context>
    <name>gna::views::FigureSizeRows</name>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="24"/>
        <source>Single column (3.3 in)</source>
        <translation>Einspaltig (3,3 Zoll)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="24"/>
        <source>Double column (6.9 in)</source>
        <translation>Zweispaltig (6,9 Zoll)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="24"/>
        <source>Custom</source>
        <translation>Benutzerdefiniert</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="28"/>
        <source> in</source>
        <translation> Zoll</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="49"/>
        <source>&amp;Size:</source>
        <translation>&amp;Größe:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="50"/>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="51"/>
        <source>&amp;Height:</source>
        <translation>&amp;Höhe:</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="52"/>
        <source>&amp;DPI (PNG):</source>
        <translation>&amp;DPI (PNG):</translation>
    </message>
</context>
<context>
    <name>gna::views::GatherAggregatePair</name>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="19"/>
        <source>Same colour range</source>
        <translation>Gleicher Farbbereich</translation>
    </message>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="20"/>
        <source>Log colour scale</source>
        <translation>Logarithmische Farbskala</translation>
    </message>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="35"/>
        <source>Draw both maps on one colour range so their weights compare directly</source>
        <translation>Beide Karten mit einem Farbbereich zeichnen, damit ihre Gewichte direkt vergleichbar sind</translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoard</name>
    <message>
        <location filename="../views/head_board.cpp" line="36"/>
        <source>Head board</source>
        <translation>Kopfraster</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="38"/>
        <source>Layers x heads. Click a head to ablate it, drag to select a rectangle, arrows and Space from the keyboard, double-click to show its attention.</source>
        <translation>Schichten × Köpfe. Klick ablatiert einen Kopf, Ziehen wählt ein Rechteck, Pfeiltasten und Leertaste bedienen es per Tastatur, Doppelklick zeigt die Aufmerksamkeit.</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="135"/>
        <location filename="../views/head_board.cpp" line="177"/>
        <location filename="../views/head_board.cpp" line="618"/>
        <location filename="../views/head_board_commands.cpp" line="48"/>
        <source>Toggle %1</source>
        <translation>%1 umschalten</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="147"/>
        <location filename="../views/head_board.cpp" line="620"/>
        <source>Ablate layer %1</source>
        <translation>Schicht %1 ablatieren</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="158"/>
        <source>Invert ablation</source>
        <translation>Ablation umkehren</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="161"/>
        <location filename="../views/head_board.cpp" line="624"/>
        <source>Restore all heads</source>
        <translation>Alle Köpfe wiederherstellen</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board.cpp" line="180"/>
        <source>Restore %n head(s)</source>
        <translation>
            <numerusform>%n Kopf wiederherstellen</numerusform>
            <numerusform>%n Köpfe wiederherstellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board.cpp" line="181"/>
        <source>Ablate %n head(s)</source>
        <translation>
            <numerusform>%n Kopf ablatieren</numerusform>
            <numerusform>%n Köpfe ablatieren</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="215"/>
        <source>G</source>
        <comment>the Gather head shown</comment>
        <translation>G</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="216"/>
        <source>A</source>
        <comment>the Aggregate head shown</comment>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="46"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="602"/>
        <source>Shown in the maps as the Gather head (G)</source>
        <translation>In den Karten als Gather-Kopf (G) angezeigt</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="603"/>
        <source>Shown in the maps as the Aggregate head (A)</source>
        <translation>In den Karten als Aggregate-Kopf (A) angezeigt</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="619"/>
        <source>Show attention of %1</source>
        <translation>Aufmerksamkeit von %1 zeigen</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="622"/>
        <source>Toggle selection</source>
        <translation>Auswahl umschalten</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="623"/>
        <source>Invert</source>
        <translation>Umkehren</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="626"/>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="627"/>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board_commands.cpp" line="49"/>
        <source>Toggle %n head(s)</source>
        <translation>
            <numerusform>%n Kopf umschalten</numerusform>
            <numerusform>%n Köpfe umschalten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoardFigure</name>
    <message>
        <location filename="../views/head_board_figure.cpp" line="59"/>
        <source>SSM head</source>
        <translation>SSM-Kopf</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="59"/>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="59"/>
        <source>Head (H: attention, S: SSM)</source>
        <translation>Kopf (H: Attention, S: SSM)</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="61"/>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="93"/>
        <source>no score</source>
        <translation>kein Wert</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="108"/>
        <source>Δ score</source>
        <translation>Δ Wert</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="108"/>
        <source>Score</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="111"/>
        <source>%1, SSM heads</source>
        <translation>%1, SSM-Köpfe</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="111"/>
        <source>%1, attention heads</source>
        <translation>%1, Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="125"/>
        <source>Head (H: attention, S: SSM; hatched: no such head in the layer)</source>
        <translation>Kopf (H: Aufmerksamkeit, S: SSM; schraffiert: kein solcher Kopf in der Schicht)</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="126"/>
        <source>%1 (hatched: no such head in the layer)</source>
        <translation>%1 (schraffiert: kein solcher Kopf in der Schicht)</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="129"/>
        <source>Ablated heads</source>
        <translation>Ablatierte Köpfe</translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoardLegend</name>
    <message>
        <location filename="../views/head_board_legend.cpp" line="19"/>
        <source>Head board legend</source>
        <translation>Legende der Kopftafel</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="36"/>
        <source>Colour: %1</source>
        <translation>Farbe: %1</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="43"/>
        <location filename="../views/head_board_legend.cpp" line="56"/>
        <source>%1 .. %2</source>
        <translation>%1 .. %2</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="44"/>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="44"/>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="52"/>
        <source>Hatched, not measured: %1</source>
        <translation>Schraffiert, nicht gemessen: %1</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="72"/>
        <source>✕ = ablated</source>
        <translation>✕ = ablatiert</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="73"/>
        <source>◥ = SSM head</source>
        <translation>◥ = SSM-Kopf</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="79"/>
        <source>G, A = shown heads</source>
        <translation>G, A = gezeigt</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="80"/>
        <source>G = shown Gather head</source>
        <translation>G = angezeigter Gather-Kopf</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="81"/>
        <source>A = shown Aggregate head</source>
        <translation>A = angezeigter Aggregate-Kopf</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="86"/>
        <source>▨ = no head</source>
        <translation>▨ = kein Kopf</translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoardModel</name>
    <message>
        <location filename="../views/head_board_model.cpp" line="191"/>
        <source>Layer %1 has no SSM head %2</source>
        <translation>Schicht %1 hat keinen SSM-Kopf %2</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="192"/>
        <source>Layer %1 has no attention head %2</source>
        <translation>Schicht %1 hat keinen Attention-Kopf %2</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="210"/>
        <source> (SSM head)</source>
        <translation> (SSM-Kopf)</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="210"/>
        <source> (attention head)</source>
        <translation> (Attention-Kopf)</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="212"/>
        <source>Score</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="220"/>
        <source> (hatched: not measured exactly)</source>
        <translation> (schraffiert: nicht exakt gemessen)</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="221"/>
        <source>Ablated (output zeroed)</source>
        <translation>Ablatiert (Ausgabe auf null gesetzt)</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="221"/>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
</context>
<context>
    <name>gna::views::MaskEditor</name>
    <message>
        <location filename="../views/mask_editor.cpp" line="33"/>
        <source>Mask editor</source>
        <translation>Masken-Editor</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="35"/>
        <source>Click a token to mask or unmask it for the selected head. Struck-through tokens are masked; a framed token is an option&apos;s summary token (its last one): a Gather head condenses the option into it, an Aggregate head reads the options there.</source>
        <translation>Klicken Sie auf ein Token, um es für den gewählten Kopf zu maskieren oder die Maske aufzuheben. Durchgestrichene Token sind maskiert; ein umrahmtes Token ist das Zusammenfassungs-Token einer Option (ihr letztes): Ein Gather-Kopf verdichtet die Option darin, ein Aggregate-Kopf liest dort die Optionen.</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="65"/>
        <source>Unmask token %1</source>
        <translation>Maske von Token %1 aufheben</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="65"/>
        <source>Mask token %1</source>
        <translation>Token %1 maskieren</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="72"/>
        <source>Keep only answer segments</source>
        <translation>Nur Antwortsegmente behalten</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="76"/>
        <source>Keep only summary tokens</source>
        <translation>Nur Zusammenfassungs-Token behalten</translation>
    </message>
</context>
<context>
    <name>gna::views::NextTokenChart</name>
    <message>
        <location filename="../views/next_token_chart.cpp" line="141"/>
        <source>Probability (%1 of %2 rows; enlarge to see all)</source>
        <translation>Wahrscheinlichkeit (%1 von %2 Zeilen; vergrößern, um alle zu sehen)</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="21"/>
        <source>Next-token probabilities</source>
        <translation>Wahrscheinlichkeiten des nächsten Tokens</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="30"/>
        <source>Baseline (no ablation)</source>
        <translation>Basis (ohne Ablation)</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="30"/>
        <source>Top next tokens (one token)</source>
        <translation>Wahrscheinlichste nächste Token (ein Token)</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="30"/>
        <source>Answer candidates (whole answer)</source>
        <translation>Antwortkandidaten (ganze Antwort)</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="31"/>
        <source>Top tokens</source>
        <translation>Top-Token</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="31"/>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="31"/>
        <source>Baseline</source>
        <translation>Basislinie</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="44"/>
        <location filename="../views/next_token_chart.cpp" line="137"/>
        <source>Probability</source>
        <translation>Wahrscheinlichkeit</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="50"/>
        <source>No prediction yet</source>
        <translation>Noch keine Vorhersage</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="106"/>
        <source>␣ (space)</source>
        <translation>␣ (Leerzeichen)</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/next_token_chart.cpp" line="106"/>
        <source>␣ (%n spaces)</source>
        <translation>
            <numerusform>␣ (%n Leerzeichen)</numerusform>
            <numerusform>␣ (%n Leerzeichen)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="109"/>
        <source>⏎ (newline)</source>
        <translation>⏎ (Zeilenumbruch)</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/next_token_chart.cpp" line="109"/>
        <source>⏎ (%n newlines)</source>
        <translation><numerusform>⏎ (%n Zeilenumbruch)</numerusform><numerusform>⏎ (%n Zeilenumbrüche)</numerusform></translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="141"/>
        <source>Probability (%1 of %2 rows)</source>
        <translation>Wahrscheinlichkeit (%1 von %2 Zeilen)</translation>
    </message>
</context>
<context>
    <name>gna::views::Palette</name>
    <message>
        <location filename="../views/palettes.cpp" line="84"/>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="86"/>
        <source>Cividis (colour-blind safe)</source>
        <translation>Cividis (farbenblind-sicher)</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="88"/>
        <source>Magma</source>
        <translation>Magma</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="90"/>
        <source>Greys (print)</source>
        <translation>Grautöne (Druck)</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="92"/>
        <source>Red-yellow-green</source>
        <translation>Rot-Gelb-Grün</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="94"/>
        <source>Diverging (differences)</source>
        <translation>Divergierend (Differenzen)</translation>
    </message>
</context>
<context>
    <name>gna::views::ResultsTable</name>
    <message>
        <location filename="../views/results_table.cpp" line="113"/>
        <source>Results table</source>
        <translation>Ergebnistabelle</translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="114"/>
        <source>Run the experiment (or open a result) to fill this table</source>
        <translation>Führen Sie das Experiment aus (oder öffnen Sie ein Ergebnis), um diese Tabelle zu füllen</translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="194"/>
        <source>Copy selection</source>
        <translation>Auswahl kopieren</translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="195"/>
        <source>Copy all</source>
        <translation>Alles kopieren</translation>
    </message>
</context>
<context>
    <name>gna::views::RetrievalMap</name>
    <message>
        <location filename="../views/retrieval_map.cpp" line="15"/>
        <source>Retrieval map</source>
        <translation>Abrufkarte</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="29"/>
        <location filename="../views/retrieval_map.cpp" line="146"/>
        <source>Score</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="33"/>
        <location filename="../views/retrieval_map.cpp" line="139"/>
        <source>Context length (tokens)</source>
        <translation>Kontextlänge (Token)</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="34"/>
        <location filename="../views/retrieval_map.cpp" line="142"/>
        <source>Needle depth (%, 0 = start of the context)</source>
        <translation>Nadeltiefe (%, 0 = Anfang des Kontexts)</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="41"/>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="45"/>
        <source>Run the experiment (or open a result) to fill this map</source>
        <translation>Führen Sie das Experiment aus (oder öffnen Sie ein Ergebnis), um diese Karte zu füllen</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="67"/>
        <source>%1 lines, key on line %2%
not run</source>
        <translation>%1 Zeilen, Schlüssel bei %2 %
nicht ausgeführt</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="71"/>
        <source>%1 lines, key on line %2%
Accuracy %3</source>
        <translation>%1 Zeilen, Schlüssel bei %2 %
Genauigkeit %3</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="72"/>
        <source>%1 lines, key on line %2%
Probability %3</source>
        <translation>%1 Zeilen, Schlüssel bei %2 %
Wahrscheinlichkeit %3</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="81"/>
        <source>Context %1 tokens, depth %2%
Score %3 / %4</source>
        <translation>Kontext %1 Token, Tiefe %2 %
Wert %3 / %4</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="139"/>
        <source>Dictionary size (key:value lines)</source>
        <translation>Wörterbuchgröße (Schlüssel:Wert-Zeilen)</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="140"/>
        <source>Key depth (%, 0 = first line)</source>
        <translation>Schlüsseltiefe (%, 0 = erste Zeile)</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="143"/>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="145"/>
        <source>Probability of the right value</source>
        <translation>Wahrscheinlichkeit des richtigen Werts</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="157"/>
        <source>%1 (mean accuracy %2)</source>
        <translation>%1 (mittlere Genauigkeit %2)</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="158"/>
        <source>%1 (mean probability %2)</source>
        <translation>%1 (mittlere Wahrscheinlichkeit %2)</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="161"/>
        <source>Mean score %1</source>
        <translation>Mittlerer Wert %1</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="162"/>
        <source>%1 (mean score %2)</source>
        <translation>%1 (mittlerer Wert %2)</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="78"/>
        <source>Context %1 tokens, depth %2%
not run</source>
        <translation>Kontext %1 Token, Tiefe %2 %
nicht ausgeführt</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="141"/>
        <source>Needle depth (%, 0 = end of the context)</source>
        <translation>Nadeltiefe (%, 0 = Ende des Kontexts)</translation>
    </message>
</context>
<context>
    <name>gna::views::TokenStrip</name>
    <message>
        <location filename="../views/token_strip.cpp" line="14"/>
        <source>Prompt tokens</source>
        <translation>Prompt-Token</translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="15"/>
        <source>No prompt tokens yet</source>
        <translation>Noch keine Prompt-Token</translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="91"/>
        <source>Token %1: “%2”</source>
        <translation>Token %1: „%2“</translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="93"/>
        <source>Weight %1</source>
        <translation>Gewicht %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/studio/main.cpp" line="42"/>
        <source>G&amp;A Studio: see and test Gather &amp; Aggregate heads</source>
        <translation>G&amp;A Studio: Gather- und Aggregate-Köpfe sehen und testen</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="46"/>
        <source>Model folder or workspace file to open</source>
        <translation>Zu öffnender Modellordner oder Arbeitsbereich</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="49"/>
        <source>Workspace file (.gna.json) to restore</source>
        <translation>Wiederherzustellende Arbeitsbereichsdatei (.gna.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="50"/>
        <location filename="../app/studio/main.cpp" line="56"/>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="54"/>
        <source>Write the figures of the workspace FILE into OUT_DIR (the first argument) and exit</source>
        <translation>Die Abbildungen des Arbeitsbereichs DATEI nach OUT_DIR (dem ersten Argument) schreiben und beenden</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="58"/>
        <source>Figure formats: pdf,svg,png (default: all)</source>
        <translation>Abbildungsformate: pdf,svg,png (Standard: alle)</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="59"/>
        <source>LIST</source>
        <translation>LISTE</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="61"/>
        <source>PNG resolution (default: 300)</source>
        <translation>PNG-Auflösung (Standard: 300)</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="62"/>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="65"/>
        <source>Figure width: single (3.3 in), double (6.9 in) or inches</source>
        <translation>Abbildungsbreite: single (3.3 Zoll), double (6.9 Zoll) oder eine Breite in Zoll</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="66"/>
        <source>WIDTH</source>
        <translation>BREITE</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="75"/>
        <source>--export-figures needs one output folder: gna-studio --export-figures WORKSPACE OUT_DIR</source>
        <translation>--export-figures braucht einen Ausgabeordner: gna-studio --export-figures WORKSPACE OUT_DIR</translation>
    </message>
</context>
</TS>
