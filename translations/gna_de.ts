<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
  <context>
    <name>gna::studio</name>
    <message>
      <source>Δ %1 vs unablated</source>
      <translation>Δ %1 gegenüber ohne Ablation</translation>
    </message>
    <message>
      <source>The prompt is empty: type a prompt first.</source>
      <translation>Der Prompt ist leer: Bitte zuerst einen Prompt eingeben.</translation>
    </message>
    <message>
      <source>entropy of the last row (bits)</source>
      <translation>Entropie der letzten Zeile (Bit)</translation>
    </message>
    <message>
      <source>Gather score: the prompt has no line ends</source>
      <translation>Gather-Wert: Der Prompt hat keine Zeilenenden</translation>
    </message>
    <message>
      <source>Gather score: attention of each line end on its own line</source>
      <translation>Gather-Wert: Aufmerksamkeit jedes Zeilenendes auf seiner eigenen Zeile</translation>
    </message>
    <message>
      <source>Aggregate score: the prompt has no line ends</source>
      <translation>Aggregate-Wert: Der Prompt hat keine Zeilenenden</translation>
    </message>
    <message>
      <source>Aggregate score: attention of the last token on the line ends</source>
      <translation>Aggregate-Wert: Aufmerksamkeit des letzten Tokens auf den Zeilenenden</translation>
    </message>
    <message>
      <source>max weight of the last row</source>
      <translation>Maximalgewicht der letzten Zeile</translation>
    </message>
    <message>
      <source>attention from the last token to token %1</source>
      <translation>Aufmerksamkeit vom letzten Token auf Token %1</translation>
    </message>
    <message>
      <source>Unexpected error: %1</source>
      <translation>Unerwarteter Fehler: %1</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::ExperimentDock</name>
    <message>
      <source>Experiments</source>
      <translation>Experimente</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::ExperimentPanel</name>
    <message>
      <source>'%1' is not a number</source>
      <translation>„%1“ ist keine Zahl</translation>
    </message>
    <message>
      <source>The experiment spec (JSON) that runs; edit it to set any option</source>
      <translation>Die Experimentspezifikation (JSON), die ausgeführt wird; bearbeiten Sie sie, um jede Option zu setzen</translation>
    </message>
    <message>
      <source>Spec:</source>
      <translation>Spezifikation:</translation>
    </message>
    <message>
      <source>Open &amp;spec file…</source>
      <translation>&amp;Spezifikationsdatei öffnen …</translation>
    </message>
    <message>
      <source>Open &amp;result…</source>
      <translation>&amp;Ergebnis öffnen …</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>&amp;Ausführen</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>Abbrechen</translation>
    </message>
    <message>
      <source>Open a model, then Run.</source>
      <translation>Öffnen Sie ein Modell und klicken Sie dann auf Ausführen.</translation>
    </message>
    <message>
      <source>C&amp;ondition:</source>
      <translation>&amp;Bedingung:</translation>
    </message>
    <message>
      <source>Click a cell to open its prompt, the model's answer and its attention.</source>
      <translation>Klicken Sie auf eine Zelle, um ihren Prompt, die Antwort des Modells und seine Aufmerksamkeit zu öffnen.</translation>
    </message>
    <message>
      <source>&amp;Copy table</source>
      <translation>Tabelle &amp;kopieren</translation>
    </message>
    <message>
      <source>Copies the table (or the selected cells) as tab-separated text for a spreadsheet</source>
      <translation>Kopiert die Tabelle (oder die ausgewählten Zellen) als tabulatorgetrennten Text für eine Tabellenkalkulation</translation>
    </message>
    <message>
      <source>Curve</source>
      <translation>Kurve</translation>
    </message>
    <message>
      <source>Retrieval map</source>
      <translation>Abrufkarte</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>Tabelle</translation>
    </message>
    <message>
      <source>Open experiment spec</source>
      <translation>Experimentspezifikation öffnen</translation>
    </message>
    <message>
      <source>Experiment specs (*.json)</source>
      <translation>Experimentspezifikationen (*.json)</translation>
    </message>
    <message>
      <source>Open experiment result</source>
      <translation>Experimentergebnis öffnen</translation>
    </message>
    <message>
      <source>Results (result.json *.json)</source>
      <translation>Ergebnisse (result.json *.json)</translation>
    </message>
    <message>
      <source>Finished: %1</source>
      <translation>Fertig: %1</translation>
    </message>
    <message>
      <source>Cancelled. Finished samples are saved in %1; Run again with the same folder to resume.</source>
      <translation>Abgebrochen. Fertige Beispiele sind in %1 gespeichert; erneut mit demselben Ordner ausführen, um fortzusetzen.</translation>
    </message>
    <message>
      <source>The experiment failed.</source>
      <translation>Das Experiment ist fehlgeschlagen.</translation>
    </message>
    <message>
      <source>Head ranking</source>
      <translation>Kopf-Rangfolge</translation>
    </message>
    <message>
      <source>Cumulative removal</source>
      <translation>Kumulatives Entfernen</translation>
    </message>
    <message>
      <source>Layer pruning</source>
      <translation>Schichten-Pruning</translation>
    </message>
    <message>
      <source>Sparsification</source>
      <translation>Sparsifizierung</translation>
    </message>
    <message>
      <source>Needle in a haystack</source>
      <translation>Nadel im Heuhaufen</translation>
    </message>
    <message>
      <source>Manipulation grid</source>
      <translation>Manipulationsraster</translation>
    </message>
    <message>
      <source>G&amp;&amp;A masks (MMLU)</source>
      <translation>G&amp;&amp;A-Masken (MMLU)</translation>
    </message>
    <message>
      <source>Memory table</source>
      <translation>Speichertabelle</translation>
    </message>
    <message>
      <source>Ready: %1</source>
      <translation>Bereit: %1</translation>
    </message>
    <message>
      <source>KV-retrieval</source>
      <translation>KV-Abruf</translation>
    </message>
    <message>
      <source>MMLU (bundled sample)</source>
      <translation>MMLU (mitgelieferte Stichprobe)</translation>
    </message>
    <message>
      <source>Knowledge multiple choice</source>
      <translation>Wissens-Multiple-Choice</translation>
    </message>
    <message>
      <source>All three tasks</source>
      <translation>Alle drei Aufgaben</translation>
    </message>
    <message>
      <source>Dictionary sizes (keys per prompt)</source>
      <translation>Wörterbuchgrößen (Schlüssel pro Prompt)</translation>
    </message>
    <message>
      <source>all</source>
      <translation>alle</translation>
    </message>
    <message>
      <source>Context lengths in tokens; empty = 250 to 4096 in 10 steps</source>
      <translation>Kontextlängen in Token; leer = 250 bis 4096 in 10 Schritten</translation>
    </message>
    <message>
      <source>Needle depths in percent; empty = 0 to 100 in 10 steps</source>
      <translation>Nadeltiefen in Prozent; leer = 0 bis 100 in 10 Schritten</translation>
    </message>
    <message>
      <source>Heads as L17.H24, separated by commas; empty = every attention head</source>
      <translation>Köpfe als L17.H24, durch Kommas getrennt; leer = alle Attention-Köpfe</translation>
    </message>
    <message>
      <source>Gather heads, e.g. L16.H22</source>
      <translation>Gather-Köpfe, z. B. L16.H22</translation>
    </message>
    <message>
      <source>Aggregate heads, e.g. L17.H24</source>
      <translation>Aggregate-Köpfe, z. B. L17.H24</translation>
    </message>
    <message>
      <source>A head_ranking result.json, or heads as L3.H1, L2.H0, …</source>
      <translation>Eine head_ranking-result.json oder Köpfe als L3.H1, L2.H0, …</translation>
    </message>
    <message>
      <source>Numbers of heads removed, e.g. 0, 10, 20; empty = every 10</source>
      <translation>Anzahl entfernter Köpfe, z. B. 0, 10, 20; leer = in Zehnerschritten</translation>
    </message>
    <message>
      <source>Both</source>
      <translation>Beide</translation>
    </message>
    <message>
      <source>Gradual (from the end)</source>
      <translation>Schrittweise (vom Ende her)</translation>
    </message>
    <message>
      <source>Individual (one layer at a time)</source>
      <translation>Einzeln (eine Schicht nach der anderen)</translation>
    </message>
    <message>
      <source>Values of k; empty = 0 to the number of heads</source>
      <translation>Werte von k; leer = 0 bis zur Anzahl der Köpfe</translation>
    </message>
    <message>
      <source>Generation only</source>
      <translation>Nur Generierung</translation>
    </message>
    <message>
      <source>Prefill and generation</source>
      <translation>Prefill und Generierung</translation>
    </message>
    <message>
      <source>Results folder; empty = a new folder per run. A folder with a partial result resumes it.</source>
      <translation>Ergebnisordner; leer = ein neuer Ordner pro Lauf. Ein Ordner mit einem Teilergebnis setzt dieses fort.</translation>
    </message>
    <message>
      <source>&amp;Task:</source>
      <translation>&amp;Aufgabe:</translation>
    </message>
    <message>
      <source>Dictionary si&amp;zes:</source>
      <translation>Wörterbuch&amp;größen:</translation>
    </message>
    <message>
      <source>Samples per si&amp;ze:</source>
      <translation>Beispiele pro &amp;Größe:</translation>
    </message>
    <message>
      <source>&amp;Limit per subject:</source>
      <translation>&amp;Limit pro Fach:</translation>
    </message>
    <message>
      <source>Context &amp;lengths:</source>
      <translation>Kontext&amp;längen:</translation>
    </message>
    <message>
      <source>Needle &amp;depths (%):</source>
      <translation>Nadel&amp;tiefen (%):</translation>
    </message>
    <message>
      <source>&amp;Generated tokens:</source>
      <translation>&amp;Generierte Token:</translation>
    </message>
    <message>
      <source>&amp;Heads:</source>
      <translation>&amp;Köpfe:</translation>
    </message>
    <message>
      <source>&amp;Gather heads:</source>
      <translation>&amp;Gather-Köpfe:</translation>
    </message>
    <message>
      <source>&amp;Aggregate heads:</source>
      <translation>&amp;Aggregate-Köpfe:</translation>
    </message>
    <message>
      <source>…</source>
      <translation>…</translation>
    </message>
    <message>
      <source>Choose a head_ranking result.json</source>
      <translation>Eine head_ranking-result.json wählen</translation>
    </message>
    <message>
      <source>Head ranking result</source>
      <translation>Ergebnis der Kopf-Rangfolge</translation>
    </message>
    <message>
      <source>&amp;Ranking:</source>
      <translation>&amp;Rangfolge:</translation>
    </message>
    <message>
      <source>&amp;Steps:</source>
      <translation>&amp;Schritte:</translation>
    </message>
    <message>
      <source>&amp;Mode:</source>
      <translation>&amp;Modus:</translation>
    </message>
    <message>
      <source>&amp;k:</source>
      <translation>&amp;k:</translation>
    </message>
    <message>
      <source>S&amp;tages:</source>
      <translation>&amp;Phasen:</translation>
    </message>
    <message>
      <source>Results &amp;folder:</source>
      <translation>Ergebnis&amp;ordner:</translation>
    </message>
    <message>
      <source>the spec editor</source>
      <translation>der Spezifikationseditor</translation>
    </message>
    <message>
      <source>Open a model first (File ▸ Open model).</source>
      <translation>Öffnen Sie zuerst ein Modell (Datei ▸ Modell öffnen).</translation>
    </message>
    <message>
      <source>Loading the model and preparing the samples…</source>
      <translation>Modell wird geladen und Beispiele werden vorbereitet …</translation>
    </message>
    <message>
      <source>Cancelling after the current sample…</source>
      <translation>Abbruch nach dem aktuellen Beispiel …</translation>
    </message>
    <message>
      <source>%1 of %2 samples · %3 elapsed · %4 left · %5</source>
      <translation>%1 von %2 Beispielen · %3 vergangen · noch %4 · %5</translation>
    </message>
    <message>
      <source>%1 tokens, needle at %2%: score %3 — the model answered: “%4”</source>
      <translation>%1 Token, Nadel bei %2 %: Punktzahl %3 — das Modell antwortete: „%4“</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::ExperimentResults</name>
    <message>
      <source>KV-retrieval</source>
      <translation>KV-Abruf</translation>
    </message>
    <message>
      <source>MMLU</source>
      <translation>MMLU</translation>
    </message>
    <message>
      <source>Knowledge</source>
      <translation>Wissen</translation>
    </message>
    <message>
      <source>Needle in a haystack</source>
      <translation>Nadel im Heuhaufen</translation>
    </message>
    <message>
      <source>All tasks</source>
      <translation>Alle Aufgaben</translation>
    </message>
    <message>
      <source>Granular score (0–5)</source>
      <translation>Feingranulare Punktzahl (0–5)</translation>
    </message>
    <message>
      <source>Accuracy</source>
      <translation>Genauigkeit</translation>
    </message>
    <message>
      <source>Heads removed (most important first)</source>
      <translation>Entfernte Köpfe (wichtigste zuerst)</translation>
    </message>
    <message>
      <source>random heads (control)</source>
      <translation>zufällige Köpfe (Kontrolle)</translation>
    </message>
    <message>
      <source>Layers removed from the end / layer skipped</source>
      <translation>Vom Ende entfernte Schichten / übersprungene Schicht</translation>
    </message>
    <message>
      <source>gradual</source>
      <translation>schrittweise</translation>
    </message>
    <message>
      <source>individual</source>
      <translation>einzeln</translation>
    </message>
    <message>
      <source>k (heads kept per layer and position)</source>
      <translation>k (behaltene Köpfe pro Schicht und Position)</translation>
    </message>
    <message>
      <source>generation only</source>
      <translation>nur Generierung</translation>
    </message>
    <message>
      <source>prefill and generation</source>
      <translation>Prefill und Generierung</translation>
    </message>
    <message>
      <source>Length</source>
      <translation>Länge</translation>
    </message>
    <message>
      <source>KV cache (MB)</source>
      <translation>KV-Cache (MB)</translation>
    </message>
    <message>
      <source>State (MB)</source>
      <translation>Zustand (MB)</translation>
    </message>
    <message>
      <source>Total (MB)</source>
      <translation>Gesamt (MB)</translation>
    </message>
    <message>
      <source>Rank</source>
      <translation>Rang</translation>
    </message>
    <message>
      <source>Head</source>
      <translation>Kopf</translation>
    </message>
    <message>
      <source>Importance</source>
      <translation>Wichtigkeit</translation>
    </message>
    <message>
      <source>Baseline</source>
      <translation>Basislinie</translation>
    </message>
    <message>
      <source>Ablated</source>
      <translation>Abgeschaltet</translation>
    </message>
    <message>
      <source>Prefill \ Generation</source>
      <translation>Prefill \ Generierung</translation>
    </message>
    <message>
      <source>Condition</source>
      <translation>Bedingung</translation>
    </message>
    <message>
      <source>± s.e.</source>
      <translation>± Std.-Fehler</translation>
    </message>
    <message>
      <source>Task</source>
      <translation>Aufgabe</translation>
    </message>
    <message>
      <source>Group</source>
      <translation>Gruppe</translation>
    </message>
    <message>
      <source>n</source>
      <translation>n</translation>
    </message>
    <message>
      <source>all</source>
      <translation>alle</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::MainWindow</name>
    <message>
      <source>Head board: &amp;SSM heads</source>
      <translation>Kopftafel: &amp;SSM-Köpfe</translation>
    </message>
    <message>
      <source>For models with attention and SSM heads (hybrids): show the SSM heads on the head board instead of the attention heads</source>
      <translation>Für Modelle mit Attention- und SSM-Köpfen (Hybride): die SSM-Köpfe statt der Attention-Köpfe auf der Kopftafel zeigen</translation>
    </message>
    <message>
      <source>Loaded %1: %2 layers, up to %3 attention heads and %4 SSM heads per layer (View ▸ Head board: SSM heads)</source>
      <translation>%1 geladen: %2 Schichten, bis zu %3 Attention-Köpfe und %4 SSM-Köpfe pro Schicht (Ansicht ▸ Kopftafel: SSM-Köpfe)</translation>
    </message>
    <message>
      <source>Loaded %1: %2 layers × %3 SSM heads</source>
      <translation>%1 geladen: %2 Schichten × %3 SSM-Köpfe</translation>
    </message>
    <message>
      <source>No CUDA device: this build or this machine has none</source>
      <translation>Kein CUDA-Gerät: dieser Build oder dieser Rechner hat keines</translation>
    </message>
    <message>
      <source>CPU</source>
      <translation>CPU</translation>
    </message>
    <message>
      <source>CUDA (GPU)</source>
      <translation>CUDA (GPU)</translation>
    </message>
    <message>
      <source>Compute in &amp;bf16</source>
      <translation>In &amp;bf16 rechnen</translation>
    </message>
    <message>
      <source>Half the memory of f32; results deviate from f32 by bf16 rounding</source>
      <translation>Halber Speicher von f32; die Ergebnisse weichen um die bf16-Rundung von f32 ab</translation>
    </message>
    <message>
      <source>This CPU has no bf16 instructions (AVX512-BF16 or AMX): bf16 would be several times slower than f32 here</source>
      <translation>Diese CPU hat keine bf16-Befehle (AVX512-BF16 oder AMX): bf16 wäre hier um ein Mehrfaches langsamer als f32</translation>
    </message>
    <message>
      <source>&amp;Device</source>
      <translation>&amp;Gerät</translation>
    </message>
    <message>
      <source>Loading cancelled</source>
      <translation>Laden abgebrochen</translation>
    </message>
    <message>
      <source>Loading %p%</source>
      <translation>Lade %p%</translation>
    </message>
    <message>
      <source>G&amp;A Studio</source>
      <translation>G&amp;A Studio</translation>
    </message>
    <message>
      <source>Loading %1…</source>
      <translation>Lade %1 …</translation>
    </message>
    <message>
      <source>Could not load the model</source>
      <translation>Das Modell konnte nicht geladen werden</translation>
    </message>
    <message>
      <source>Could not load %1</source>
      <translation>%1 konnte nicht geladen werden</translation>
    </message>
    <message>
      <source>Run failed</source>
      <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
      <source>The run failed</source>
      <translation>Der Lauf ist fehlgeschlagen</translation>
    </message>
    <message>
      <source>Run cancelled</source>
      <translation>Lauf abgebrochen</translation>
    </message>
    <message>
      <source>No colouring</source>
      <translation>Keine Einfärbung</translation>
    </message>
    <message>
      <source>Entropy of the last row</source>
      <translation>Entropie der letzten Zeile</translation>
    </message>
    <message>
      <source>Max weight of the last row</source>
      <translation>Maximalgewicht der letzten Zeile</translation>
    </message>
    <message>
      <source>Attention to the selected token</source>
      <translation>Aufmerksamkeit auf das gewählte Token</translation>
    </message>
    <message>
      <source>C&amp;olour heads by:</source>
      <translation>Köpfe &amp;färben nach:</translation>
    </message>
    <message>
      <source>&amp;Invert</source>
      <translation>&amp;Umkehren</translation>
    </message>
    <message>
      <source>Restore &amp;all</source>
      <translation>&amp;Alle wiederherstellen</translation>
    </message>
    <message>
      <source>Compare with the unablated run</source>
      <translation>Mit dem Lauf ohne Ablation vergleichen</translation>
    </message>
    <message>
      <source>&amp;Gather head:</source>
      <translation>&amp;Gather-Kopf:</translation>
    </message>
    <message>
      <source>A&amp;ggregate head:</source>
      <translation>A&amp;ggregate-Kopf:</translation>
    </message>
    <message>
      <source>A head as L&lt;layer&gt;.H&lt;head&gt;, e.g. L17.H24; double-click a head on the board to show it</source>
      <translation>Ein Kopf als L&lt;Schicht&gt;.H&lt;Kopf&gt;, z. B. L17.H24; Doppelklick auf einen Kopf im Raster zeigt ihn an</translation>
    </message>
    <message>
      <source>Attention</source>
      <translation>Aufmerksamkeit</translation>
    </message>
    <message>
      <source>Difference (ablated − unablated)</source>
      <translation>Differenz (ablatiert − nicht ablatiert)</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>Modell</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>Abbrechen</translation>
    </message>
    <message>
      <source>Open a model folder to begin (File ▸ Open model, or drop a folder here).</source>
      <translation>Öffnen Sie zum Start einen Modellordner (Datei ▸ Modell öffnen, oder Ordner hierher ziehen).</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>&amp;Datei</translation>
    </message>
    <message>
      <source>&amp;Open model…</source>
      <translation>Modell ö&amp;ffnen …</translation>
    </message>
    <message>
      <source>Open &amp;recent</source>
      <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
      <source>Open &amp;workspace…</source>
      <translation>&amp;Arbeitsbereich öffnen …</translation>
    </message>
    <message>
      <source>Open workspace</source>
      <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
      <source>Workspaces (*.gna.json *.json)</source>
      <translation>Arbeitsbereiche (*.gna.json *.json)</translation>
    </message>
    <message>
      <source>Could not open the workspace</source>
      <translation>Der Arbeitsbereich konnte nicht geöffnet werden</translation>
    </message>
    <message>
      <source>&amp;Save workspace as…</source>
      <translation>Arbeitsbereich &amp;speichern unter …</translation>
    </message>
    <message>
      <source>Save workspace</source>
      <translation>Arbeitsbereich speichern</translation>
    </message>
    <message>
      <source>Workspaces (*.gna.json)</source>
      <translation>Arbeitsbereiche (*.gna.json)</translation>
    </message>
    <message>
      <source>Could not save the workspace</source>
      <translation>Der Arbeitsbereich konnte nicht gespeichert werden</translation>
    </message>
    <message>
      <source>&amp;Export figure…</source>
      <translation>Abbildung &amp;exportieren …</translation>
    </message>
    <message>
      <source>Export figure &amp;set…</source>
      <translation>Abbildungs&amp;satz exportieren …</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>&amp;Beenden</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
      <source>&amp;Undo</source>
      <translation>&amp;Rückgängig</translation>
    </message>
    <message>
      <source>&amp;Redo</source>
      <translation>&amp;Wiederholen</translation>
    </message>
    <message>
      <source>&amp;Invert ablation</source>
      <translation>Ablation &amp;umkehren</translation>
    </message>
    <message>
      <source>Restore &amp;all heads</source>
      <translation>&amp;Alle Köpfe wiederherstellen</translation>
    </message>
    <message>
      <source>Ablate &amp;current layer</source>
      <translation>Aktuelle &amp;Schicht ablatieren</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>&amp;Ausführen</translation>
    </message>
    <message>
      <source>&amp;Run now</source>
      <translation>&amp;Jetzt ausführen</translation>
    </message>
    <message>
      <source>&amp;Cancel</source>
      <translation>Ab&amp;brechen</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>&amp;Ansicht</translation>
    </message>
    <message>
      <source>&amp;Theme</source>
      <translation>&amp;Farbschema</translation>
    </message>
    <message>
      <source>System</source>
      <translation>System</translation>
    </message>
    <message>
      <source>Light</source>
      <translation>Hell</translation>
    </message>
    <message>
      <source>Dark</source>
      <translation>Dunkel</translation>
    </message>
    <message>
      <source>Colour &amp;palette</source>
      <translation>Farb&amp;palette</translation>
    </message>
    <message>
      <source>&amp;Language</source>
      <translation>&amp;Sprache</translation>
    </message>
    <message>
      <source>Language</source>
      <translation>Sprache</translation>
    </message>
    <message>
      <source>The language changes when G&amp;A Studio restarts.</source>
      <translation>Die Sprache wird nach einem Neustart von G&amp;A Studio gewechselt.</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>&amp;Hilfe</translation>
    </message>
    <message>
      <source>&amp;About G&amp;&amp;A Studio</source>
      <translation>Ü&amp;ber G&amp;&amp;A Studio</translation>
    </message>
    <message>
      <source>About G&amp;A Studio</source>
      <translation>Über G&amp;A Studio</translation>
    </message>
    <message>
      <source>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;Find, see and test the attention heads that carry in-context retrieval (Gather &amp;amp; Aggregate).</source>
      <translation>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;Finden, sehen und testen Sie die Aufmerksamkeitsköpfe, die das Abrufen aus dem Kontext tragen (Gather &amp;amp; Aggregate).</translation>
    </message>
    <message>
      <source>Main</source>
      <translation>Haupt</translation>
    </message>
    <message>
      <source>Open a model folder (config.json, *.safetensors, tokenizer)</source>
      <translation>Modellordner öffnen (config.json, *.safetensors, Tokenizer)</translation>
    </message>
    <message>
      <source>Loaded %1: %2 layers × %3 heads</source>
      <translation>%1 geladen: %2 Schichten × %3 Köpfe</translation>
    </message>
    <message>
      <source>G&amp;A Studio — %1</source>
      <translation>G&amp;A Studio — %1</translation>
    </message>
    <message>
      <source>Gather %1</source>
      <translation>Gather %1</translation>
    </message>
    <message>
      <source>Aggregate %1</source>
      <translation>Aggregate %1</translation>
    </message>
    <message numerus="yes">
      <source>%n token(s), %1 head(s) ablated, %2 ms</source>
      <translation>
        <numerusform>%n Token, %1 Köpfe ablatiert, %2 ms</numerusform>
        <numerusform>%n Token, %1 Köpfe ablatiert, %2 ms</numerusform>
      </translation>
    </message>
    <message>
      <source>Export figure set into folder</source>
      <translation>Abbildungssatz in Ordner exportieren</translation>
    </message>
    <message>
      <source>Export failed</source>
      <translation>Export fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
      <source>Wrote %n file(s)</source>
      <translation>
        <numerusform>%n Datei geschrieben</numerusform>
        <numerusform>%n Dateien geschrieben</numerusform>
      </translation>
    </message>
    <message>
      <source>Importance (head ranking result)</source>
      <translation>Wichtigkeit (Ergebnis der Kopf-Rangfolge)</translation>
    </message>
    <message>
      <source>Gather score (line ends → their own line)</source>
      <translation>Gather-Wert (Zeilenenden → ihre eigene Zeile)</translation>
    </message>
    <message>
      <source>Aggregate score (last token → line ends)</source>
      <translation>Aggregate-Wert (letztes Token → Zeilenenden)</translation>
    </message>
    <message>
      <source>importance (baseline − ablated)</source>
      <translation>Wichtigkeit (Basislinie − abgeschaltet)</translation>
    </message>
    <message>
      <source>E&amp;xperiments</source>
      <translation>E&amp;xperimente</translation>
    </message>
    <message>
      <source>&amp;Open result…</source>
      <translation>Ergebnis ö&amp;ffnen …</translation>
    </message>
    <message>
      <source>Open experiment result</source>
      <translation>Experimentergebnis öffnen</translation>
    </message>
    <message>
      <source>Results (result.json *.json)</source>
      <translation>Ergebnisse (result.json *.json)</translation>
    </message>
    <message>
      <source>Could not open the result</source>
      <translation>Das Ergebnis konnte nicht geöffnet werden</translation>
    </message>
    <message>
      <source>G&amp;&amp;A &amp;mask editor (MMLU)…</source>
      <translation>G&amp;&amp;A-&amp;Masken-Editor (MMLU) …</translation>
    </message>
    <message>
      <source>G&amp;A mask editor</source>
      <translation>G&amp;A-Masken-Editor</translation>
    </message>
    <message>
      <source>Head board coloured by importance from the head ranking</source>
      <translation>Kopf-Tafel nach der Wichtigkeit aus der Kopf-Rangfolge eingefärbt</translation>
    </message>
    <message>
      <source>No model is open</source>
      <translation>Kein Modell geöffnet</translation>
    </message>
    <message>
      <source>Open the model of this result to see the prompt's attention.</source>
      <translation>Öffnen Sie das Modell dieses Ergebnisses, um die Aufmerksamkeit des Prompts zu sehen.</translation>
    </message>
    <message>
      <source>Note: this result was computed with another model than the open one</source>
      <translation>Hinweis: Dieses Ergebnis wurde mit einem anderen als dem geöffneten Modell berechnet</translation>
    </message>
    <message>
      <source>Could not rebuild the prompt</source>
      <translation>Der Prompt konnte nicht wiederhergestellt werden</translation>
    </message>
    <message>
      <source>Opened the prompt %1</source>
      <translation>Prompt %1 geöffnet</translation>
    </message>
    <message>
      <source>Restore the last session?</source>
      <translation>Letzte Sitzung wiederherstellen?</translation>
    </message>
    <message numerus="yes">
      <source>G&amp;A Studio did not close cleanly last time. Restore the autosaved session (model %1, %n ablated head(s))?</source>
      <translation>
        <numerusform>G&amp;A Studio wurde zuletzt nicht ordnungsgemäß beendet. Die automatisch gespeicherte Sitzung wiederherstellen (Modell %1, %n abgeschalteter Kopf)?</numerusform>
        <numerusform>G&amp;A Studio wurde zuletzt nicht ordnungsgemäß beendet. Die automatisch gespeicherte Sitzung wiederherstellen (Modell %1, %n abgeschaltete Köpfe)?</numerusform>
      </translation>
    </message>
    <message>
      <source>&amp;Restore</source>
      <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
      <source>&amp;Discard</source>
      <translation>&amp;Verwerfen</translation>
    </message>
    <message>
      <source>Could not restore the session</source>
      <translation>Die Sitzung konnte nicht wiederhergestellt werden</translation>
    </message>
    <message>
      <source>&amp;Guided tour</source>
      <translation>&amp;Geführte Tour</translation>
    </message>
    <message>
      <source>Open &amp;demo model</source>
      <translation>&amp;Demo-Modell öffnen</translation>
    </message>
    <message>
      <source>&amp;Transformer</source>
      <translation>&amp;Transformer</translation>
    </message>
    <message>
      <source>&amp;SSM (Mamba)</source>
      <translation>&amp;SSM (Mamba)</translation>
    </message>
    <message>
      <source>&amp;Hybrid</source>
      <translation>&amp;Hybrid</translation>
    </message>
    <message>
      <source>Not bundled in this build</source>
      <translation>In diesem Build nicht enthalten</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::MaskPanel</name>
    <message>
      <source>With the mask</source>
      <translation>Mit Maske</translation>
    </message>
    <message>
      <source>With the mask (correct answer)</source>
      <translation>Mit Maske (richtige Antwort)</translation>
    </message>
    <message>
      <source>Without the mask</source>
      <translation>Ohne Maske</translation>
    </message>
    <message>
      <source>&amp;Run with and without the mask</source>
      <translation>Mit und ohne Maske &amp;ausführen</translation>
    </message>
    <message>
      <source>Reset to the G&amp;&amp;A mask</source>
      <translation>Auf die G&amp;&amp;A-Maske zurücksetzen</translation>
    </message>
    <message>
      <source>Open a model to edit G&amp;A masks on the bundled MMLU sample.</source>
      <translation>Öffnen Sie ein Modell, um G&amp;A-Masken an der mitgelieferten MMLU-Stichprobe zu bearbeiten.</translation>
    </message>
    <message>
      <source>&amp;Question:</source>
      <translation>&amp;Frage:</translation>
    </message>
    <message>
      <source>&amp;Aggregate:</source>
      <translation>&amp;Aggregate:</translation>
    </message>
    <message>
      <source>&amp;Gather head:</source>
      <translation>&amp;Gather-Kopf:</translation>
    </message>
    <message>
      <source>R&amp;ule:</source>
      <translation>R&amp;egel:</translation>
    </message>
    <message>
      <source>Click a token to mask or unmask it for the chosen rule (struck-through tokens are masked):</source>
      <translation>Klicken Sie auf ein Token, um es für die gewählte Regel zu maskieren oder freizugeben (durchgestrichene Token sind maskiert):</translation>
    </message>
    <message numerus="yes">
      <source>%n MMLU question(s) from the bundled sample.</source>
      <translation>
        <numerusform>%n MMLU-Frage aus der mitgelieferten Stichprobe.</numerusform>
        <numerusform>%n MMLU-Fragen aus der mitgelieferten Stichprobe.</numerusform>
      </translation>
    </message>
    <message>
      <source>Gather %1 at the summary token of option %2</source>
      <translation>Gather %1 am Zusammenfassungs-Token von Option %2</translation>
    </message>
    <message>
      <source>Aggregate %1 at the final position</source>
      <translation>Aggregate %1 an der letzten Position</translation>
    </message>
    <message>
      <source>Running…</source>
      <translation>Läuft …</translation>
    </message>
    <message>
      <source>Answer %1. Without the mask the model picks %2, with it %3.</source>
      <translation>Antwort %1. Ohne Maske wählt das Modell %2, mit Maske %3.</translation>
    </message>
    <message>
      <source>Open a model first.</source>
      <translation>Öffnen Sie zuerst ein Modell.</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::ModelInfoPanel</name>
    <message>
      <source>Architecture</source>
      <translation>Architektur</translation>
    </message>
    <message>
      <source>Layers</source>
      <translation>Schichten</translation>
    </message>
    <message>
      <source>Heads (query / KV)</source>
      <translation>Köpfe (Query / KV)</translation>
    </message>
    <message>
      <source>Hidden size</source>
      <translation>Verborgene Größe</translation>
    </message>
    <message>
      <source>Vocabulary</source>
      <translation>Vokabular</translation>
    </message>
    <message>
      <source>Parameters</source>
      <translation>Parameter</translation>
    </message>
    <message>
      <source>Device</source>
      <translation>Gerät</translation>
    </message>
    <message>
      <source>Data type</source>
      <translation>Datentyp</translation>
    </message>
    <message>
      <source>Tokenizer</source>
      <translation>Tokenizer</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>Ordner</translation>
    </message>
    <message>
      <source>Model information</source>
      <translation>Modellinformationen</translation>
    </message>
    <message>
      <source>%1 B</source>
      <translation>%1 Mrd.</translation>
    </message>
    <message>
      <source>%1 M</source>
      <translation>%1 Mio.</translation>
    </message>
    <message>
      <source>%1 (stored %2)</source>
      <translation>%1 (gespeichert als %2)</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::PromptEditor</name>
    <message>
      <source>KV-retrieval (5 keys)</source>
      <translation>KV-Abruf (5 Schlüssel)</translation>
    </message>
    <message>
      <source>MMLU-style question</source>
      <translation>Frage im MMLU-Stil</translation>
    </message>
    <message>
      <source>Needle in a haystack (short)</source>
      <translation>Nadel im Heuhaufen (kurz)</translation>
    </message>
    <message>
      <source>Free text</source>
      <translation>Freier Text</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>&amp;Ausführen</translation>
    </message>
    <message>
      <source>&amp;Sample prompt:</source>
      <translation>&amp;Beispiel-Prompt:</translation>
    </message>
    <message>
      <source>Choose a sample…</source>
      <translation>Beispiel wählen …</translation>
    </message>
    <message>
      <source>Type a prompt; the model reruns as you type or toggle heads.</source>
      <translation>Prompt eingeben; das Modell rechnet beim Tippen und beim Umschalten von Köpfen neu.</translation>
    </message>
    <message>
      <source>Prompt</source>
      <translation>Prompt</translation>
    </message>
    <message>
      <source>Answer &amp;candidates:</source>
      <translation>Antwort&amp;kandidaten:</translation>
    </message>
    <message>
      <source>comma-separated, e.g. 88, 42</source>
      <translation>durch Kommas getrennt, z. B. 88, 42</translation>
    </message>
    <message>
      <source>Each candidate is scored by the probability of its first token</source>
      <translation>Jeder Kandidat wird nach der Wahrscheinlichkeit seines ersten Tokens bewertet</translation>
    </message>
    <message>
      <source>Run the model on the prompt (Ctrl+R)</source>
      <translation>Modell auf den Prompt anwenden (Strg+R)</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::Workspace</name>
    <message>
      <source>Cannot write the workspace file %1: %2</source>
      <translation>Die Arbeitsbereichsdatei %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
      <source>Cannot open the workspace file %1: %2</source>
      <translation>Die Arbeitsbereichsdatei %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
      <source>The workspace file %1 is not valid JSON (%2 at byte %3).</source>
      <translation>Die Arbeitsbereichsdatei %1 ist kein gültiges JSON (%2 bei Byte %3).</translation>
    </message>
    <message>
      <source>The file %1 is not a G&amp;A Studio workspace.</source>
      <translation>Die Datei %1 ist kein G&amp;A-Studio-Arbeitsbereich.</translation>
    </message>
  </context>
  <context>
    <name>gna::views</name>
    <message>
      <source>Could not write the PDF file %1.</source>
      <translation>Die PDF-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
      <source>Could not write the SVG file %1.</source>
      <translation>Die SVG-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
      <source>Could not write the PNG file %1.</source>
      <translation>Die PNG-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
      <source>Could not write the CSV file %1.</source>
      <translation>Die CSV-Datei %1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
      <source>Could not create the folder %1.</source>
      <translation>Der Ordner %1 konnte nicht angelegt werden.</translation>
    </message>
  </context>
  <context>
    <name>gna::views::AblationCurve</name>
    <message>
      <source>Ablation curve</source>
      <translation>Ablationskurve</translation>
    </message>
  </context>
  <context>
    <name>gna::views::AttentionHeatmap</name>
    <message>
      <source>Attention weight</source>
      <translation>Aufmerksamkeitsgewicht</translation>
    </message>
    <message>
      <source>Key token</source>
      <translation>Key-Token</translation>
    </message>
    <message>
      <source>Query token</source>
      <translation>Query-Token</translation>
    </message>
    <message>
      <source>Attention heatmap</source>
      <translation>Aufmerksamkeits-Heatmap</translation>
    </message>
    <message>
      <source>Scroll to zoom, drag to pan, double-click to reset the view</source>
      <translation>Scrollen zum Zoomen, Ziehen zum Verschieben, Doppelklick setzt die Ansicht zurück</translation>
    </message>
    <message>
      <source>Weight difference</source>
      <translation>Gewichtsdifferenz</translation>
    </message>
    <message>
      <source>No attention map</source>
      <translation>Keine Aufmerksamkeitskarte</translation>
    </message>
    <message>
      <source>last row: entropy %1 bits, max %2 on “%3”</source>
      <translation>letzte Zeile: Entropie %1 Bit, Maximum %2 auf „%3“</translation>
    </message>
    <message>
      <source>Query %1 “%2”
Key %3 “%4”
Weight %5</source>
      <translation>Query %1 „%2“
Key %3 „%4“
Gewicht %5</translation>
    </message>
  </context>
  <context>
    <name>gna::views::FigureExportDialog</name>
    <message>
      <source>Transparent background</source>
      <translation>Transparenter Hintergrund</translation>
    </message>
    <message>
      <source>Export figure</source>
      <translation>Abbildung exportieren</translation>
    </message>
    <message>
      <source>PDF (vector)</source>
      <translation>PDF (Vektor)</translation>
    </message>
    <message>
      <source>SVG (vector)</source>
      <translation>SVG (Vektor)</translation>
    </message>
    <message>
      <source>PNG (bitmap)</source>
      <translation>PNG (Bitmap)</translation>
    </message>
    <message>
      <source>CSV (data)</source>
      <translation>CSV (Daten)</translation>
    </message>
    <message>
      <source>Browse…</source>
      <translation>Durchsuchen …</translation>
    </message>
    <message>
      <source>&amp;Format:</source>
      <translation>&amp;Format:</translation>
    </message>
    <message>
      <source>&amp;Width:</source>
      <translation>&amp;Breite:</translation>
    </message>
    <message>
      <source>&amp;Height:</source>
      <translation>&amp;Höhe:</translation>
    </message>
    <message>
      <source>&amp;DPI (PNG):</source>
      <translation>&amp;DPI (PNG):</translation>
    </message>
    <message>
      <source>F&amp;ile:</source>
      <translation>Dat&amp;ei:</translation>
    </message>
    <message>
      <source>Export failed</source>
      <translation>Export fehlgeschlagen</translation>
    </message>
  </context>
  <context>
    <name>gna::views::GatherAggregatePair</name>
    <message>
      <source>Same colour range</source>
      <translation>Gleicher Farbbereich</translation>
    </message>
    <message>
      <source>Log colour scale</source>
      <translation>Logarithmische Farbskala</translation>
    </message>
    <message>
      <source>Draw both maps on one colour range so their weights compare directly</source>
      <translation>Beide Karten mit einem Farbbereich zeichnen, damit ihre Gewichte direkt vergleichbar sind</translation>
    </message>
  </context>
  <context>
    <name>gna::views::HeadBoard</name>
    <message>
      <source>Head board</source>
      <translation>Kopfraster</translation>
    </message>
    <message>
      <source>Layers x heads. Click a head to ablate it, drag to select a rectangle, arrows and Space from the keyboard, double-click to show its attention.</source>
      <translation>Schichten × Köpfe. Klick ablatiert einen Kopf, Ziehen wählt ein Rechteck, Pfeiltasten und Leertaste bedienen es per Tastatur, Doppelklick zeigt die Aufmerksamkeit.</translation>
    </message>
    <message>
      <source>Toggle %1</source>
      <translation>%1 umschalten</translation>
    </message>
    <message>
      <source>Ablate layer %1</source>
      <translation>Schicht %1 ablatieren</translation>
    </message>
    <message>
      <source>Invert ablation</source>
      <translation>Ablation umkehren</translation>
    </message>
    <message>
      <source>Restore all heads</source>
      <translation>Alle Köpfe wiederherstellen</translation>
    </message>
    <message numerus="yes">
      <source>Restore %n head(s)</source>
      <translation>
        <numerusform>%n Kopf wiederherstellen</numerusform>
        <numerusform>%n Köpfe wiederherstellen</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Ablate %n head(s)</source>
      <translation>
        <numerusform>%n Kopf ablatieren</numerusform>
        <numerusform>%n Köpfe ablatieren</numerusform>
      </translation>
    </message>
    <message>
      <source>No model loaded</source>
      <translation>Kein Modell geladen</translation>
    </message>
    <message>
      <source>Colour: %1 (%2 .. %3)   ✕ = ablated</source>
      <translation>Farbe: %1 (%2 .. %3)   ✕ = ablatiert</translation>
    </message>
    <message>
      <source>✕ = ablated</source>
      <translation>✕ = ablatiert</translation>
    </message>
    <message>
      <source>Show attention of %1</source>
      <translation>Aufmerksamkeit von %1 zeigen</translation>
    </message>
    <message>
      <source>Toggle selection</source>
      <translation>Auswahl umschalten</translation>
    </message>
    <message>
      <source>Invert</source>
      <translation>Umkehren</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>Rückgängig</translation>
    </message>
    <message>
      <source>Redo</source>
      <translation>Wiederholen</translation>
    </message>
  </context>
  <context>
    <name>gna::views::HeadBoardModel</name>
    <message>
      <source>Layer %1 has no SSM head %2</source>
      <translation>Schicht %1 hat keinen SSM-Kopf %2</translation>
    </message>
    <message>
      <source>Layer %1 has no attention head %2</source>
      <translation>Schicht %1 hat keinen Attention-Kopf %2</translation>
    </message>
    <message>
      <source>Score</source>
      <translation>Wert</translation>
    </message>
    <message>
      <source>Ablated (output zeroed)</source>
      <translation>Ablatiert (Ausgabe auf null gesetzt)</translation>
    </message>
    <message>
      <source>Active</source>
      <translation>Aktiv</translation>
    </message>
  </context>
  <context>
    <name>gna::views::MaskEditor</name>
    <message>
      <source>Mask editor</source>
      <translation>Masken-Editor</translation>
    </message>
    <message>
      <source>Click a token to mask or unmask it for the selected head</source>
      <translation>Klick auf ein Token maskiert es für den gewählten Kopf oder hebt die Maske auf</translation>
    </message>
    <message>
      <source>Unmask token %1</source>
      <translation>Maske von Token %1 aufheben</translation>
    </message>
    <message>
      <source>Mask token %1</source>
      <translation>Token %1 maskieren</translation>
    </message>
    <message>
      <source>Keep only answer segments</source>
      <translation>Nur Antwortsegmente behalten</translation>
    </message>
    <message>
      <source>Keep only summary tokens</source>
      <translation>Nur Zusammenfassungs-Token behalten</translation>
    </message>
  </context>
  <context>
    <name>gna::views::NextTokenChart</name>
    <message>
      <source>Probability (%1 of %2 rows; enlarge to see all)</source>
      <translation>Wahrscheinlichkeit (%1 von %2 Zeilen; vergrößern, um alle zu sehen)</translation>
    </message>
    <message>
      <source>Next-token probabilities</source>
      <translation>Wahrscheinlichkeiten des nächsten Tokens</translation>
    </message>
    <message>
      <source>Baseline (no ablation)</source>
      <translation>Basis (ohne Ablation)</translation>
    </message>
    <message>
      <source>Top tokens</source>
      <translation>Wahrscheinlichste Token</translation>
    </message>
    <message>
      <source>Answer candidates</source>
      <translation>Antwortkandidaten</translation>
    </message>
    <message>
      <source>Probability</source>
      <translation>Wahrscheinlichkeit</translation>
    </message>
  </context>
  <context>
    <name>gna::views::Palette</name>
    <message>
      <source>Viridis</source>
      <translation>Viridis</translation>
    </message>
    <message>
      <source>Cividis (colour-blind safe)</source>
      <translation>Cividis (farbenblind-sicher)</translation>
    </message>
    <message>
      <source>Magma</source>
      <translation>Magma</translation>
    </message>
    <message>
      <source>Greys (print)</source>
      <translation>Grautöne (Druck)</translation>
    </message>
    <message>
      <source>Red-yellow-green</source>
      <translation>Rot-Gelb-Grün</translation>
    </message>
    <message>
      <source>Diverging (differences)</source>
      <translation>Divergierend (Differenzen)</translation>
    </message>
  </context>
  <context>
    <name>gna::views::ResultsTable</name>
    <message>
      <source>Results table</source>
      <translation>Ergebnistabelle</translation>
    </message>
    <message>
      <source>Copy selection</source>
      <translation>Auswahl kopieren</translation>
    </message>
    <message>
      <source>Copy all</source>
      <translation>Alles kopieren</translation>
    </message>
  </context>
  <context>
    <name>gna::views::RetrievalMap</name>
    <message>
      <source>Retrieval map</source>
      <translation>Abrufkarte</translation>
    </message>
    <message>
      <source>Score</source>
      <translation>Wert</translation>
    </message>
    <message>
      <source>Context length (tokens)</source>
      <translation>Kontextlänge (Token)</translation>
    </message>
    <message>
      <source>Needle depth (%, 0 = start of the context)</source>
      <translation>Nadeltiefe (%, 0 = Anfang des Kontexts)</translation>
    </message>
    <message>
      <source>Context %1 tokens, depth %2%
Score %3 / %4</source>
      <translation>Kontext %1 Token, Tiefe %2 %
Wert %3 / %4</translation>
    </message>
    <message>
      <source>Mean score %1</source>
      <translation>Mittlerer Wert %1</translation>
    </message>
    <message>
      <source>%1 (mean score %2)</source>
      <translation>%1 (mittlerer Wert %2)</translation>
    </message>
    <message>
      <source>Context %1 tokens, depth %2%
not run</source>
      <translation>Kontext %1 Token, Tiefe %2 %
nicht ausgeführt</translation>
    </message>
    <message>
      <source>Needle depth (%, 0 = end of the context)</source>
      <translation>Nadeltiefe (%, 0 = Ende des Kontexts)</translation>
    </message>
  </context>
  <context>
    <name>gna::views::TokenStrip</name>
    <message>
      <source>Prompt tokens</source>
      <translation>Prompt-Token</translation>
    </message>
    <message>
      <source>No prompt tokens yet</source>
      <translation>Noch keine Prompt-Token</translation>
    </message>
    <message>
      <source>Token %1: “%2”</source>
      <translation>Token %1: „%2“</translation>
    </message>
    <message>
      <source>Weight %1</source>
      <translation>Gewicht %1</translation>
    </message>
  </context>
  <context>
    <name>main</name>
    <message>
      <source>G&amp;A Studio: see and test Gather &amp; Aggregate heads</source>
      <translation>G&amp;A Studio: Gather- und Aggregate-Köpfe sehen und testen</translation>
    </message>
    <message>
      <source>Model folder or workspace file to open</source>
      <translation>Zu öffnender Modellordner oder Arbeitsbereich</translation>
    </message>
    <message>
      <source>Workspace file (.gna.json) to restore</source>
      <translation>Wiederherzustellende Arbeitsbereichsdatei (.gna.json)</translation>
    </message>
    <message>
      <source>FILE</source>
      <translation>DATEI</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::GuidedTour</name>
    <message>
      <source>A hybrid retrieves through its attention heads: switch them off and the dictionary value and the letter drop towards chance (1 in %1 values, 1 in 4 letters). Open one in the window with Help ▸ Open demo model.</source>
      <translation>Ein Hybrid ruft über seine Attention-Heads ab: Schaltet man sie ab, fallen der Wert aus dem Wörterbuch und der Buchstabe in Richtung Zufallsniveau (1 von %1 Werten, 1 von 4 Buchstaben). Öffnen Sie ein Modell im Fenster über Hilfe ▸ Demo-Modell öffnen.</translation>
    </message>
    <message>
      <source>KV, attention off</source>
      <translation>KV, Attention aus</translation>
    </message>
    <message>
      <source>Probability of the right answer (value %1 on the dictionary prompt; mean over MMLU-format questions on the invented facts):</source>
      <translation>Wahrscheinlichkeit der richtigen Antwort (Wert %1 beim Wörterbuch-Prompt; Mittel über MMLU-Fragen zu den erfundenen Fakten):</translation>
    </message>
    <message>
      <source>MMLU, attention off</source>
      <translation>MMLU, Attention aus</translation>
    </message>
    <message>
      <source>MMLU: correct letter</source>
      <translation>MMLU: richtiger Buchstabe</translation>
    </message>
    <message>
      <source>KV: correct value</source>
      <translation>KV: richtiger Wert</translation>
    </message>
    <message>
      <source>Guided tour</source>
      <translation>Geführte Tour</translation>
    </message>
    <message>
      <source>&amp;Back</source>
      <translation>&amp;Zurück</translation>
    </message>
    <message>
      <source>&amp;Next</source>
      <translation>&amp;Weiter</translation>
    </message>
    <message>
      <source>&amp;Leave tour</source>
      <translation>Tour &amp;verlassen</translation>
    </message>
    <message>
      <source>The previous step (Alt+Left)</source>
      <translation>Der vorige Schritt (Alt+Links)</translation>
    </message>
    <message>
      <source>The next step (Alt+Right)</source>
      <translation>Der nächste Schritt (Alt+Rechts)</translation>
    </message>
    <message>
      <source>Close the tour and keep everything as it is; reopen it from Help ▸ Guided tour (F1)</source>
      <translation>Die Tour schließen und alles so lassen, wie es ist; wieder öffnen mit Hilfe ▸ Geführte Tour (F1)</translation>
    </message>
    <message>
      <source>Welcome</source>
      <translation>Willkommen</translation>
    </message>
    <message>
      <source>Step %1 of %2</source>
      <translation>Schritt %1 von %2</translation>
    </message>
    <message>
      <source>&amp;Finish</source>
      <translation>&amp;Fertig</translation>
    </message>
    <message>
      <source>The model could not be loaded.</source>
      <translation>Das Modell konnte nicht geladen werden.</translation>
    </message>
    <message>
      <source>No model is open and the demo model is not bundled in this build. Open a model (File ▸ Open model), then press Next again.</source>
      <translation>Kein Modell ist geöffnet, und das Demo-Modell ist in diesem Build nicht enthalten. Öffnen Sie ein Modell (Datei ▸ Modell öffnen) und drücken Sie dann erneut Weiter.</translation>
    </message>
    <message>
      <source>Loading the demo model…</source>
      <translation>Das Demo-Modell wird geladen…</translation>
    </message>
    <message>
      <source>The demo model could not be loaded.</source>
      <translation>Das Demo-Modell konnte nicht geladen werden.</translation>
    </message>
    <message>
      <source>Tour: restore heads</source>
      <translation>Tour: Köpfe wiederherstellen</translation>
    </message>
    <message>
      <source>Tour: switch heads off</source>
      <translation>Tour: Köpfe abschalten</translation>
    </message>
    <message>
      <source>precomputed in %1</source>
      <translation>vorberechnet in %1</translation>
    </message>
    <message>
      <source>Another experiment is running: wait for it or cancel it, then press Next again.</source>
      <translation>Ein anderes Experiment läuft: Warten Sie darauf oder brechen Sie es ab, und drücken Sie dann erneut Weiter.</translation>
    </message>
    <message>
      <source>Ranking the heads: every head is switched off alone on 8 KV-retrieval prompts…</source>
      <translation>Die Köpfe werden eingestuft: Jeder Kopf wird einzeln auf 8 KV-Retrieval-Prompts abgeschaltet…</translation>
    </message>
    <message>
      <source>computed now on 8 KV-retrieval prompts (Experiments dock)</source>
      <translation>soeben auf 8 KV-Retrieval-Prompts berechnet (Experimente-Leiste)</translation>
    </message>
    <message>
      <source>The head ranking found fewer than two heads.</source>
      <translation>Die Kopf-Rangfolge hat weniger als zwei Köpfe gefunden.</translation>
    </message>
    <message>
      <source>The head ranking was cancelled.</source>
      <translation>Die Kopf-Rangfolge wurde abgebrochen.</translation>
    </message>
    <message>
      <source>Could not pick a Gather and an Aggregate head.</source>
      <translation>Es konnten kein Gather- und kein Aggregate-Kopf gewählt werden.</translation>
    </message>
    <message>
      <source>A guided tour of Gather &amp; Aggregate</source>
      <translation>Eine geführte Tour durch Gather &amp; Aggregate</translation>
    </message>
    <message>
      <source>The task: retrieve a value from a dictionary</source>
      <translation>Die Aufgabe: einen Wert aus einem Wörterbuch abrufen</translation>
    </message>
    <message>
      <source>The head board, coloured by the head ranking</source>
      <translation>Die Kopftafel, eingefärbt nach der Kopf-Rangfolge</translation>
    </message>
    <message>
      <source>The Gather head</source>
      <translation>Der Gather-Kopf</translation>
    </message>
    <message>
      <source>The Aggregate head</source>
      <translation>Der Aggregate-Kopf</translation>
    </message>
    <message>
      <source>Switch off the Aggregate head</source>
      <translation>Den Aggregate-Kopf abschalten</translation>
    </message>
    <message>
      <source>MMLU format versus classic format</source>
      <translation>MMLU-Format gegenüber klassischem Format</translation>
    </message>
    <message>
      <source>Transformer, SSM and hybrid</source>
      <translation>Transformer, SSM und Hybrid</translation>
    </message>
    <message>
      <source>This tour shows, live, the few attention heads that let a language model retrieve from its context. Each step sets up the window for you: press Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back.</source>
      <translation>Diese Tour zeigt live die wenigen Attention-Köpfe, mit denen ein Sprachmodell aus seinem Kontext abruft. Jeder Schritt richtet das Fenster für Sie ein: Weiter geht voran, Zurück zurück, und Verlassen lässt Sie mit allem, wie es ist, weiter erkunden. Hilfe ▸ Geführte Tour holt die Tour zurück.</translation>
    </message>
    <message>
      <source>The prompt lists a dictionary of key:value pairs and asks for the value of one key, so the model can only answer by retrieving it from its context. The chart next to the head board shows the probability of each candidate value as the next token.</source>
      <translation>Der Prompt listet ein Wörterbuch aus Schlüssel:Wert-Paaren auf und fragt nach dem Wert eines Schlüssels; das Modell kann also nur antworten, indem es den Wert aus seinem Kontext abruft. Das Diagramm neben der Kopftafel zeigt die Wahrscheinlichkeit jedes Kandidatenwerts als nächstes Token.</translation>
    </message>
    <message>
      <source>Every cell is one attention head (rows: layers, columns: heads). Each head was switched off alone and the retrieval score measured again; the colour shows how much the score dropped. A few heads matter far more than all the others.</source>
      <translation>Jede Zelle ist ein Attention-Kopf (Zeilen: Schichten, Spalten: Köpfe). Jeder Kopf wurde einzeln abgeschaltet und die Retrieval-Leistung erneut gemessen; die Farbe zeigt, wie stark sie gefallen ist. Einige wenige Köpfe zählen weit mehr als alle anderen.</translation>
    </message>
    <message>
      <source>A Gather head condenses each segment of the prompt into its summary token: from the end of every line it attends back over that line. The left map shows this head, chosen among the top-ranked heads by where its attention goes.</source>
      <translation>Ein Gather-Kopf verdichtet jedes Segment des Prompts in sein Zusammenfassungs-Token: Vom Ende jeder Zeile aus richtet er seine Aufmerksamkeit zurück über diese Zeile. Die linke Karte zeigt diesen Kopf, unter den bestplatzierten Köpfen danach gewählt, wohin seine Aufmerksamkeit geht.</translation>
    </message>
    <message>
      <source>An Aggregate head reads those summaries: from the final position it attends to the line ends and carries the retrieved value to the output. The right map shows this head; its last row is the final position.</source>
      <translation>Ein Aggregate-Kopf liest diese Zusammenfassungen: Von der letzten Position aus richtet er seine Aufmerksamkeit auf die Zeilenenden und trägt den abgerufenen Wert zur Ausgabe. Die rechte Karte zeigt diesen Kopf; ihre letzte Zeile ist die letzte Position.</translation>
    </message>
    <message>
      <source>The tour has switched the Aggregate head off on the head board, just as a click does (Edit ▸ Undo brings it back). Compare the probability of the correct value with the previous step.</source>
      <translation>Die Tour hat den Aggregate-Kopf auf der Kopftafel abgeschaltet, genau wie ein Klick (Bearbeiten ▸ Rückgängig schaltet ihn wieder ein). Vergleichen Sie die Wahrscheinlichkeit des richtigen Werts mit dem vorigen Schritt.</translation>
    </message>
    <message>
      <source>MMLU asks for the letter of the right option, so the model must retrieve which letter stands next to the answer it knows; the classic format scores the answer text itself. With the heads that carry the letter off (the model card's measured one, or else the Gather and Aggregate heads), the letter probability drops while the classic answer holds: MMLU's difficulty is retrieval, not knowledge.</source>
      <translation>MMLU fragt nach dem Buchstaben der richtigen Option; das Modell muss also abrufen, welcher Buchstabe neben der Antwort steht, die es kennt. Das klassische Format bewertet den Antworttext selbst. Ohne die Köpfe, die den Buchstaben tragen (den auf der Modellkarte gemessenen, sonst die Gather- und Aggregate-Köpfe), fällt die Wahrscheinlichkeit des Buchstabens, während die klassische Antwort hält: Die Schwierigkeit von MMLU ist Retrieval, nicht Wissen.</translation>
    </message>
    <message>
      <source>The same dictionary prompt on the bundled SSM and hybrid demo models. An SSM has to squeeze the dictionary into a fixed-size state and approximates the Gather and Aggregate heads weakly; a hybrid keeps a few attention layers and retrieves through attention again.</source>
      <translation>Derselbe Wörterbuch-Prompt auf den mitgelieferten SSM- und Hybrid-Demo-Modellen. Ein SSM muss das Wörterbuch in einen Zustand fester Größe pressen und bildet die Gather- und Aggregate-Köpfe nur schwach nach; ein Hybrid behält einige Attention-Schichten und ruft wieder über Attention ab.</translation>
    </message>
    <message>
      <source>The correct value is &lt;b&gt;%1&lt;/b&gt;. Scored as the task does (each value as a continuation), the model gives it a probability of &lt;b&gt;%2&lt;/b&gt; among the %3 values in the dictionary; a guess would give %4.</source>
      <translation>Der richtige Wert ist &lt;b&gt;%1&lt;/b&gt;. So bewertet wie in der Aufgabe (jeder Wert als Fortsetzung), gibt ihm das Modell unter den %3 Werten des Wörterbuchs eine Wahrscheinlichkeit von &lt;b&gt;%2&lt;/b&gt;; Raten ergäbe %4.</translation>
    </message>
    <message>
      <source>Ranking %1. Most important: %2.</source>
      <translation>Rangfolge %1. Am wichtigsten: %2.</translation>
    </message>
    <message>
      <source>Gather head &lt;b&gt;%1&lt;/b&gt;: the line ends put %2 of their attention on their own line.</source>
      <translation>Gather-Kopf &lt;b&gt;%1&lt;/b&gt;: Die Zeilenenden richten %2 ihrer Aufmerksamkeit auf ihre eigene Zeile.</translation>
    </message>
    <message>
      <source>Aggregate head &lt;b&gt;%1&lt;/b&gt;: the final position puts %2 of its attention on the line ends. Probability of the correct value: &lt;b&gt;%3&lt;/b&gt;.</source>
      <translation>Aggregate-Kopf &lt;b&gt;%1&lt;/b&gt;: Die letzte Position richtet %2 ihrer Aufmerksamkeit auf die Zeilenenden. Wahrscheinlichkeit des richtigen Werts: &lt;b&gt;%3&lt;/b&gt;.</translation>
    </message>
    <message>
      <source>With &lt;b&gt;%1&lt;/b&gt; off, the probability of the correct value goes from &lt;b&gt;%2&lt;/b&gt; to &lt;b&gt;%3&lt;/b&gt;.</source>
      <translation>Ohne &lt;b&gt;%1&lt;/b&gt; ändert sich die Wahrscheinlichkeit des richtigen Werts von &lt;b&gt;%2&lt;/b&gt; auf &lt;b&gt;%3&lt;/b&gt;.</translation>
    </message>
    <message>
      <source>Here the probability hardly drops: in this model retrieval does not run through this head alone (try switching off the next ones on the board).</source>
      <translation>Hier sinkt die Wahrscheinlichkeit kaum: In diesem Modell läuft das Retrieval nicht über diesen Kopf allein (schalten Sie die nächsten auf der Tafel ab).</translation>
    </message>
    <message>
      <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 and %4 off. The prompt shown is the question whose letter suffers most; its correct answer is %5.</source>
      <translation>%1 Fragen aus %2, jede mit vier Optionen, in beiden Formaten bewertet. Anteil richtig beantworteter Fragen mit allen Köpfen und mit %3 und %4 abgeschaltet. Die angezeigte Frage ist die, deren Buchstabe am meisten leidet; ihre richtige Antwort ist %5.</translation>
    </message>
    <message>
      <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 and %4 off (the model card's top two of the head ranking). The prompt shown is the question whose letter suffers most; its correct answer is %5.</source>
      <translation>%1 Fragen aus %2, jede mit vier Optionen, in beiden Formaten bewertet. Anteil richtig beantworteter Fragen mit allen Köpfen und mit %3 und %4 abgeschaltet (den beiden obersten Köpfen der Kopf-Rangfolge der Modellkarte). Die angezeigte Frage ist die, deren Buchstabe am meisten leidet; ihre richtige Antwort ist %5.</translation>
    </message>
    <message>
      <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 off (the model card's retrieval-versus-knowledge head). The prompt shown is the question whose letter suffers most; its correct answer is %4.</source>
      <translation>%1 Fragen aus %2, jede mit vier Optionen, in beiden Formaten bewertet. Anteil richtig beantworteter Fragen mit allen Köpfen und mit %3 abgeschaltet (dem Retrieval-gegen-Wissen-Kopf der Modellkarte). Die angezeigte Frage ist die, deren Buchstabe am meisten leidet; ihre richtige Antwort ist %4.</translation>
    </message>
    <message>
      <source>all heads</source>
      <translation>alle Köpfe</translation>
    </message>
    <message>
      <source>G&amp;A off</source>
      <translation>G&amp;A abgeschaltet</translation>
    </message>
    <message>
      <source>MMLU format (letter)</source>
      <translation>MMLU-Format (Buchstabe)</translation>
    </message>
    <message>
      <source>classic format (answer text)</source>
      <translation>klassisches Format (Antworttext)</translation>
    </message>
    <message>
      <source>SSM</source>
      <translation>SSM</translation>
    </message>
    <message>
      <source>hybrid</source>
      <translation>Hybrid</translation>
    </message>
    <message>
      <source>The SSM and hybrid demo models are not bundled in this build, so this step is skipped. Everything the tour set up stays as it is: keep exploring, or press Finish.</source>
      <translation>Die SSM- und Hybrid-Demo-Modelle sind in diesem Build nicht enthalten, daher entfällt dieser Schritt. Alles, was die Tour eingerichtet hat, bleibt wie es ist: Erkunden Sie weiter, oder drücken Sie Fertig.</translation>
    </message>
    <message>
      <source>open model (%1)</source>
      <translation>geöffnetes Modell (%1)</translation>
    </message>
    <message>
      <source>Running the prompt on the other demo models…</source>
      <translation>Der Prompt läuft auf den anderen Demo-Modellen…</translation>
    </message>
    <message>
      <source>Probability of the correct value %1 among the dictionary's values:</source>
      <translation>Wahrscheinlichkeit des richtigen Werts %1 unter den Werten des Wörterbuchs:</translation>
    </message>
    <message>
      <source>could not load</source>
      <translation>konnte nicht geladen werden</translation>
    </message>
    <message>
      <source>Open one in the window with Help ▸ Open demo model.</source>
      <translation>Öffnen Sie eines im Fenster mit Hilfe ▸ Demo-Modell öffnen.</translation>
    </message>
    <message>
      <source>the demo model's invented world</source>
      <translation>der erfundenen Welt des Demo-Modells</translation>
    </message>
    <message>
      <source>the bundled MMLU sample</source>
      <translation>der mitgelieferten MMLU-Stichprobe</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::OpenModelDialog</name>
    <message>
      <source>Open model</source>
      <translation>Modell öffnen</translation>
    </message>
    <message>
      <source>Browse…</source>
      <translation>Durchsuchen…</translation>
    </message>
    <message>
      <source>folder with config.json and *.safetensors</source>
      <translation>Ordner mit config.json und *.safetensors</translation>
    </message>
    <message>
      <source>optional: the model folder's own tokenizer files</source>
      <translation>optional; sonst die Tokenizer-Dateien des Modellordners</translation>
    </message>
    <message>
      <source>&amp;Model folder:</source>
      <translation>&amp;Modellordner:</translation>
    </message>
    <message>
      <source>&amp;Tokenizer folder:</source>
      <translation>&amp;Tokenizer-Ordner:</translation>
    </message>
    <message>
      <source>Open a model folder (config.json, *.safetensors, tokenizer)</source>
      <translation>Modellordner öffnen (config.json, *.safetensors, Tokenizer)</translation>
    </message>
    <message>
      <source>Folder with tokenizer.json or tokenizer.model</source>
      <translation>Ordner mit tokenizer.json oder tokenizer.model</translation>
    </message>
    <message>
      <source>The tokenizer folder holds neither tokenizer.json nor tokenizer.model.</source>
      <translation>Der Tokenizer-Ordner enthält weder tokenizer.json noch tokenizer.model.</translation>
    </message>
    <message>
      <source>This model folder has no tokenizer files, so prompts cannot be tokenized. Choose the tokenizer folder of the model family (state-spaces/mamba-* use EleutherAI/gpt-neox-20b's).</source>
      <translation>Dieser Modellordner enthält keine Tokenizer-Dateien, daher können Prompts nicht tokenisiert werden. Wählen Sie den Tokenizer-Ordner der Modellfamilie (state-spaces/mamba-* verwenden den von EleutherAI/gpt-neox-20b).</translation>
    </message>
  </context>
</TS>
