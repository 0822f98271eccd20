<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>gna::views</name>
    <message>
        <location filename="../views/figure_export.cpp" line="76"/>
        <source>Could not write the PDF file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="90"/>
        <location filename="../views/figure_export.cpp" line="95"/>
        <source>Could not write the SVG file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="113"/>
        <source>Could not write the PNG file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="152"/>
        <location filename="../views/figure_export.cpp" line="154"/>
        <source>Could not write the CSV file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="172"/>
        <source>Could not create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::AblationCurve</name>
    <message>
        <location filename="../views/ablation_curve.cpp" line="21"/>
        <source>Ablation curve</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::AttentionHeatmap</name>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="44"/>
        <location filename="../views/attention_heatmap.cpp" line="84"/>
        <source>Attention weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="51"/>
        <source>Key token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="52"/>
        <source>Query token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="56"/>
        <source>Attention heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="57"/>
        <source>Scroll to zoom, drag to pan, double-click to reset the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="84"/>
        <source>Weight difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="94"/>
        <source>No attention map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="172"/>
        <source>last row: entropy %1 bits, max %2 on “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="197"/>
        <source>Query %1 “%2”
Key %3 “%4”
Weight %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::FigureExportDialog</name>
    <message>
        <location filename="../views/figure_export.cpp" line="187"/>
        <source>Transparent background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="188"/>
        <location filename="../views/figure_export.cpp" line="227"/>
        <source>Export figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="189"/>
        <source>PDF (vector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="189"/>
        <source>SVG (vector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="189"/>
        <source>PNG (bitmap)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="189"/>
        <source>CSV (data)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="197"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="202"/>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="203"/>
        <source>&amp;Width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="204"/>
        <source>&amp;Height:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="205"/>
        <source>&amp;DPI (PNG):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="207"/>
        <source>F&amp;ile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="234"/>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::GatherAggregatePair</name>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="13"/>
        <source>Same colour range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="13"/>
        <source>Log colour scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="26"/>
        <source>Draw both maps on one colour range so their weights compare directly</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoard</name>
    <message>
        <location filename="../views/head_board.cpp" line="25"/>
        <source>Head board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="26"/>
        <source>Layers x heads. Click a head to ablate it, drag to select a rectangle, arrows and Space from the keyboard, double-click to show its attention.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="72"/>
        <location filename="../views/head_board.cpp" line="114"/>
        <location filename="../views/head_board.cpp" line="346"/>
        <source>Toggle %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="84"/>
        <location filename="../views/head_board.cpp" line="348"/>
        <source>Ablate layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="95"/>
        <source>Invert ablation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="98"/>
        <location filename="../views/head_board.cpp" line="352"/>
        <source>Restore all heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board.cpp" line="116"/>
        <source>Restore %n head(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board.cpp" line="117"/>
        <source>Ablate %n head(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="189"/>
        <source>No model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="238"/>
        <source>Colour: %1 (%2 .. %3)   ✕ = ablated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="240"/>
        <source>✕ = ablated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="347"/>
        <source>Show attention of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="350"/>
        <source>Toggle selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="351"/>
        <source>Invert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="354"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="355"/>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoardModel</name>
    <message>
        <location filename="../views/head_board_model.cpp" line="108"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="109"/>
        <source>Ablated (output zeroed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="109"/>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::MaskEditor</name>
    <message>
        <location filename="../views/mask_editor.cpp" line="33"/>
        <source>Mask editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="34"/>
        <source>Click a token to mask or unmask it for the selected head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="65"/>
        <source>Unmask token %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="65"/>
        <source>Mask token %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="72"/>
        <source>Keep only answer segments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="76"/>
        <source>Keep only summary tokens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::NextTokenChart</name>
    <message>
        <location filename="../views/next_token_chart.cpp" line="15"/>
        <source>Next-token probabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="20"/>
        <source>Baseline (no ablation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="21"/>
        <source>Top tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="22"/>
        <source>Answer candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="34"/>
        <source>Probability</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::Palette</name>
    <message>
        <location filename="../views/palettes.cpp" line="77"/>
        <source>Viridis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="78"/>
        <source>Cividis (colour-blind safe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="79"/>
        <source>Magma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="80"/>
        <source>Greys (print)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="81"/>
        <source>Red-yellow-green</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="82"/>
        <source>Diverging (differences)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::ResultsTable</name>
    <message>
        <location filename="../views/results_table.cpp" line="58"/>
        <source>Results table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="123"/>
        <source>Copy selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="124"/>
        <source>Copy all</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::RetrievalMap</name>
    <message>
        <location filename="../views/retrieval_map.cpp" line="18"/>
        <source>Retrieval map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="28"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="32"/>
        <source>Context length (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="33"/>
        <source>Needle depth (%, 0 = start of the context)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="53"/>
        <source>Context %1 tokens, depth %2%
Score %3 / %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="85"/>
        <source>Mean score %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="86"/>
        <source>%1 (mean score %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gna::views::TokenStrip</name>
    <message>
        <location filename="../views/token_strip.cpp" line="18"/>
        <source>Prompt tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="80"/>
        <source>No prompt tokens yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="131"/>
        <source>Token %1: “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="132"/>
        <source>Weight %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
