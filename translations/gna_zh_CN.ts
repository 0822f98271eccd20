<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>gna::studio</name>
    <message>
      <source>The prompt is empty: type a prompt first.</source>
      <translation>提示为空：请先输入提示。</translation>
    </message>
    <message>
      <source>entropy of the last row (bits)</source>
      <translation>最后一行的熵（比特）</translation>
    </message>
    <message>
      <source>max weight of the last row</source>
      <translation>最后一行的最大权重</translation>
    </message>
    <message>
      <source>attention from the last token to token %1</source>
      <translation>最后一个词元对词元 %1 的注意力</translation>
    </message>
    <message>
      <source>Unexpected error: %1</source>
      <translation>意外错误：%1</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::MainWindow</name>
    <message>
      <source>G&amp;A Studio</source>
      <translation>G&amp;A Studio</translation>
    </message>
    <message>
      <source>Loading %1…</source>
      <translation>正在加载 %1…</translation>
    </message>
    <message>
      <source>Could not load the model</source>
      <translation>无法加载模型</translation>
    </message>
    <message>
      <source>Could not load %1</source>
      <translation>无法加载 %1</translation>
    </message>
    <message>
      <source>Run failed</source>
      <translation>运行失败</translation>
    </message>
    <message>
      <source>The run failed</source>
      <translation>运行失败</translation>
    </message>
    <message>
      <source>Run cancelled</source>
      <translation>运行已取消</translation>
    </message>
    <message>
      <source>No colouring</source>
      <translation>不着色</translation>
    </message>
    <message>
      <source>Entropy of the last row</source>
      <translation>最后一行的熵</translation>
    </message>
    <message>
      <source>Max weight of the last row</source>
      <translation>最后一行的最大权重</translation>
    </message>
    <message>
      <source>Attention to the selected token</source>
      <translation>对所选词元的注意力</translation>
    </message>
    <message>
      <source>C&amp;olour heads by:</source>
      <translation>注意力头着色依据(&amp;O)：</translation>
    </message>
    <message>
      <source>&amp;Invert</source>
      <translation>反转(&amp;I)</translation>
    </message>
    <message>
      <source>Restore &amp;all</source>
      <translation>全部恢复(&amp;A)</translation>
    </message>
    <message>
      <source>Compare with the unablated run</source>
      <translation>与未消融的运行比较</translation>
    </message>
    <message>
      <source>&amp;Gather head:</source>
      <translation>Gather 头(&amp;G)：</translation>
    </message>
    <message>
      <source>A&amp;ggregate head:</source>
      <translation>Aggregate 头(&amp;G)：</translation>
    </message>
    <message>
      <source>A head as L&lt;layer&gt;.H&lt;head&gt;, e.g. L17.H24; double-click a head on the board to show it</source>
      <translation>注意力头写作 L&lt;层&gt;.H&lt;头&gt;，例如 L17.H24；在头面板上双击某个头即可显示</translation>
    </message>
    <message>
      <source>Attention</source>
      <translation>注意力</translation>
    </message>
    <message>
      <source>Difference (ablated − unablated)</source>
      <translation>差异（消融 − 未消融）</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Open a model folder to begin (File ▸ Open model, or drop a folder here).</source>
      <translation>请先打开一个模型文件夹（文件 ▸ 打开模型，或将文件夹拖到此处）。</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Open model…</source>
      <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
      <source>Open &amp;recent</source>
      <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
      <source>Open &amp;workspace…</source>
      <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
      <source>Open workspace</source>
      <translation>打开工作区</translation>
    </message>
    <message>
      <source>Workspaces (*.gna.json *.json)</source>
      <translation>工作区 (*.gna.json *.json)</translation>
    </message>
    <message>
      <source>Could not open the workspace</source>
      <translation>无法打开工作区</translation>
    </message>
    <message>
      <source>&amp;Save workspace as…</source>
      <translation>工作区另存为(&amp;S)…</translation>
    </message>
    <message>
      <source>Save workspace</source>
      <translation>保存工作区</translation>
    </message>
    <message>
      <source>Workspaces (*.gna.json)</source>
      <translation>工作区 (*.gna.json)</translation>
    </message>
    <message>
      <source>Could not save the workspace</source>
      <translation>无法保存工作区</translation>
    </message>
    <message>
      <source>&amp;Export figure…</source>
      <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
      <source>Export figure &amp;set…</source>
      <translation>导出图表集(&amp;S)…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>编辑(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;Undo</source>
      <translation>撤销(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;Redo</source>
      <translation>重做(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Invert ablation</source>
      <translation>反转消融(&amp;I)</translation>
    </message>
    <message>
      <source>Restore &amp;all heads</source>
      <translation>恢复所有头(&amp;A)</translation>
    </message>
    <message>
      <source>Ablate &amp;current layer</source>
      <translation>消融当前层(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>运行(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Run now</source>
      <translation>立即运行(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Cancel</source>
      <translation>取消(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <source>&amp;Theme</source>
      <translation>主题(&amp;T)</translation>
    </message>
    <message>
      <source>System</source>
      <translation>跟随系统</translation>
    </message>
    <message>
      <source>Light</source>
      <translation>浅色</translation>
    </message>
    <message>
      <source>Dark</source>
      <translation>深色</translation>
    </message>
    <message>
      <source>Colour &amp;palette</source>
      <translation>配色方案(&amp;P)</translation>
    </message>
    <message>
      <source>&amp;Language</source>
      <translation>语言(&amp;L)</translation>
    </message>
    <message>
      <source>Language</source>
      <translation>语言</translation>
    </message>
    <message>
      <source>The language changes when G&amp;A Studio restarts.</source>
      <translation>重新启动 G&amp;A Studio 后语言才会更改。</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>&amp;About G&amp;&amp;A Studio</source>
      <translation>关于 G&amp;&amp;A Studio(&amp;A)</translation>
    </message>
    <message>
      <source>About G&amp;A Studio</source>
      <translation>关于 G&amp;A Studio</translation>
    </message>
    <message>
      <source>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;Find, see and test the attention heads that carry in-context retrieval (Gather &amp;amp; Aggregate).</source>
      <translation>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;查找、观察并测试承担上下文检索的注意力头（Gather &amp;amp; Aggregate）。</translation>
    </message>
    <message>
      <source>Main</source>
      <translation>主工具栏</translation>
    </message>
    <message>
      <source>Open a model folder (config.json, *.safetensors, tokenizer)</source>
      <translation>打开模型文件夹（config.json、*.safetensors、分词器）</translation>
    </message>
    <message>
      <source>Loaded %1: %2 layers × %3 heads</source>
      <translation>已加载 %1：%2 层 × %3 个头</translation>
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
        <numerusform>%n 个词元，已消融 %1 个头，%2 毫秒</numerusform>
      </translation>
    </message>
    <message>
      <source>Export figure set into folder</source>
      <translation>将图表集导出到文件夹</translation>
    </message>
    <message>
      <source>Export failed</source>
      <translation>导出失败</translation>
    </message>
    <message numerus="yes">
      <source>Wrote %n file(s)</source>
      <translation>
        <numerusform>已写入 %n 个文件</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>gna::studio::ModelInfoPanel</name>
    <message>
      <source>Architecture</source>
      <translation>架构</translation>
    </message>
    <message>
      <source>Layers</source>
      <translation>层数</translation>
    </message>
    <message>
      <source>Heads (query / KV)</source>
      <translation>头数（查询 / KV）</translation>
    </message>
    <message>
      <source>Hidden size</source>
      <translation>隐藏层维度</translation>
    </message>
    <message>
      <source>Vocabulary</source>
      <translation>词表大小</translation>
    </message>
    <message>
      <source>Parameters</source>
      <translation>参数量</translation>
    </message>
    <message>
      <source>Device</source>
      <translation>设备</translation>
    </message>
    <message>
      <source>Data type</source>
      <translation>数据类型</translation>
    </message>
    <message>
      <source>Tokenizer</source>
      <translation>分词器</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>文件夹</translation>
    </message>
    <message>
      <source>Model information</source>
      <translation>模型信息</translation>
    </message>
    <message>
      <source>%1 B</source>
      <translation>%1 B</translation>
    </message>
    <message>
      <source>%1 M</source>
      <translation>%1 M</translation>
    </message>
    <message>
      <source>%1 (stored %2)</source>
      <translation>%1（存储为 %2）</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::PromptEditor</name>
    <message>
      <source>KV-retrieval (5 keys)</source>
      <translation>KV 检索（5 个键）</translation>
    </message>
    <message>
      <source>MMLU-style question</source>
      <translation>MMLU 风格的问题</translation>
    </message>
    <message>
      <source>Needle in a haystack (short)</source>
      <translation>大海捞针（短）</translation>
    </message>
    <message>
      <source>Free text</source>
      <translation>自由文本</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>运行(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Sample prompt:</source>
      <translation>示例提示(&amp;S)：</translation>
    </message>
    <message>
      <source>Choose a sample…</source>
      <translation>选择示例…</translation>
    </message>
    <message>
      <source>Type a prompt; the model reruns as you type or toggle heads.</source>
      <translation>输入提示；输入文字或切换注意力头时模型会立即重新运行。</translation>
    </message>
    <message>
      <source>Prompt</source>
      <translation>提示</translation>
    </message>
    <message>
      <source>Answer &amp;candidates:</source>
      <translation>候选答案(&amp;C)：</translation>
    </message>
    <message>
      <source>comma-separated, e.g. 88, 42</source>
      <translation>以逗号分隔，例如 88, 42</translation>
    </message>
    <message>
      <source>Each candidate is scored by the probability of its first token</source>
      <translation>每个候选答案按其第一个词元的概率打分</translation>
    </message>
    <message>
      <source>Run the model on the prompt (Ctrl+R)</source>
      <translation>在提示上运行模型（Ctrl+R）</translation>
    </message>
  </context>
  <context>
    <name>gna::studio::Workspace</name>
    <message>
      <source>Cannot write the workspace file %1: %2</source>
      <translation>无法写入工作区文件 %1：%2</translation>
    </message>
    <message>
      <source>Cannot open the workspace file %1: %2</source>
      <translation>无法打开工作区文件 %1：%2</translation>
    </message>
    <message>
      <source>The workspace file %1 is not valid JSON (%2 at byte %3).</source>
      <translation>工作区文件 %1 不是有效的 JSON（第 %3 字节处：%2）。</translation>
    </message>
    <message>
      <source>The file %1 is not a G&amp;A Studio workspace.</source>
      <translation>文件 %1 不是 G&amp;A Studio 工作区。</translation>
    </message>
  </context>
  <context>
    <name>gna::views</name>
    <message>
      <source>Could not write the PDF file %1.</source>
      <translation>无法写入 PDF 文件 %1。</translation>
    </message>
    <message>
      <source>Could not write the SVG file %1.</source>
      <translation>无法写入 SVG 文件 %1。</translation>
    </message>
    <message>
      <source>Could not write the PNG file %1.</source>
      <translation>无法写入 PNG 文件 %1。</translation>
    </message>
    <message>
      <source>Could not write the CSV file %1.</source>
      <translation>无法写入 CSV 文件 %1。</translation>
    </message>
    <message>
      <source>Could not create the folder %1.</source>
      <translation>无法创建文件夹 %1。</translation>
    </message>
  </context>
  <context>
    <name>gna::views::AblationCurve</name>
    <message>
      <source>Ablation curve</source>
      <translation>消融曲线</translation>
    </message>
  </context>
  <context>
    <name>gna::views::AttentionHeatmap</name>
    <message>
      <source>Attention weight</source>
      <translation>注意力权重</translation>
    </message>
    <message>
      <source>Key token</source>
      <translation>键词元</translation>
    </message>
    <message>
      <source>Query token</source>
      <translation>查询词元</translation>
    </message>
    <message>
      <source>Attention heatmap</source>
      <translation>注意力热图</translation>
    </message>
    <message>
      <source>Scroll to zoom, drag to pan, double-click to reset the view</source>
      <translation>滚动缩放，拖动平移，双击重置视图</translation>
    </message>
    <message>
      <source>Weight difference</source>
      <translation>权重差</translation>
    </message>
    <message>
      <source>No attention map</source>
      <translation>无注意力图</translation>
    </message>
    <message>
      <source>last row: entropy %1 bits, max %2 on “%3”</source>
      <translation>最后一行：熵 %1 比特，最大值 %2 位于“%3”</translation>
    </message>
    <message>
      <source>Query %1 “%2”
Key %3 “%4”
Weight %5</source>
      <translation>查询 %1“%2”
键 %3“%4”
权重 %5</translation>
    </message>
  </context>
  <context>
    <name>gna::views::FigureExportDialog</name>
    <message>
      <source>Transparent background</source>
      <translation>透明背景</translation>
    </message>
    <message>
      <source>Export figure</source>
      <translation>导出图表</translation>
    </message>
    <message>
      <source>PDF (vector)</source>
      <translation>PDF（矢量）</translation>
    </message>
    <message>
      <source>SVG (vector)</source>
      <translation>SVG（矢量）</translation>
    </message>
    <message>
      <source>PNG (bitmap)</source>
      <translation>PNG（位图）</translation>
    </message>
    <message>
      <source>CSV (data)</source>
      <translation>CSV（数据）</translation>
    </message>
    <message>
      <source>Browse…</source>
      <translation>浏览…</translation>
    </message>
    <message>
      <source>&amp;Format:</source>
      <translation>格式(&amp;F)：</translation>
    </message>
    <message>
      <source>&amp;Width:</source>
      <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
      <source>&amp;Height:</source>
      <translation>高度(&amp;H)：</translation>
    </message>
    <message>
      <source>&amp;DPI (PNG):</source>
      <translation>DPI（PNG）(&amp;D)：</translation>
    </message>
    <message>
      <source>F&amp;ile:</source>
      <translation>文件(&amp;I)：</translation>
    </message>
    <message>
      <source>Export failed</source>
      <translation>导出失败</translation>
    </message>
  </context>
  <context>
    <name>gna::views::GatherAggregatePair</name>
    <message>
      <source>Same colour range</source>
      <translation>统一颜色范围</translation>
    </message>
    <message>
      <source>Log colour scale</source>
      <translation>对数颜色刻度</translation>
    </message>
    <message>
      <source>Draw both maps on one colour range so their weights compare directly</source>
      <translation>两张图使用同一颜色范围，便于直接比较权重</translation>
    </message>
  </context>
  <context>
    <name>gna::views::HeadBoard</name>
    <message>
      <source>Head board</source>
      <translation>注意力头面板</translation>
    </message>
    <message>
      <source>Layers x heads. Click a head to ablate it, drag to select a rectangle, arrows and Space from the keyboard, double-click to show its attention.</source>
      <translation>层 × 头。单击某个头将其消融，拖动可框选矩形区域，可用方向键和空格键操作，双击显示其注意力。</translation>
    </message>
    <message>
      <source>Toggle %1</source>
      <translation>切换 %1</translation>
    </message>
    <message>
      <source>Ablate layer %1</source>
      <translation>消融第 %1 层</translation>
    </message>
    <message>
      <source>Invert ablation</source>
      <translation>反转消融</translation>
    </message>
    <message>
      <source>Restore all heads</source>
      <translation>恢复所有头</translation>
    </message>
    <message numerus="yes">
      <source>Restore %n head(s)</source>
      <translation>
        <numerusform>恢复 %n 个头</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Ablate %n head(s)</source>
      <translation>
        <numerusform>消融 %n 个头</numerusform>
      </translation>
    </message>
    <message>
      <source>No model loaded</source>
      <translation>未加载模型</translation>
    </message>
    <message>
      <source>Colour: %1 (%2 .. %3)   ✕ = ablated</source>
      <translation>颜色：%1（%2 .. %3）   ✕ = 已消融</translation>
    </message>
    <message>
      <source>✕ = ablated</source>
      <translation>✕ = 已消融</translation>
    </message>
    <message>
      <source>Show attention of %1</source>
      <translation>显示 %1 的注意力</translation>
    </message>
    <message>
      <source>Toggle selection</source>
      <translation>切换所选</translation>
    </message>
    <message>
      <source>Invert</source>
      <translation>反转</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>撤销</translation>
    </message>
    <message>
      <source>Redo</source>
      <translation>重做</translation>
    </message>
  </context>
  <context>
    <name>gna::views::HeadBoardModel</name>
    <message>
      <source>Score</source>
      <translation>分数</translation>
    </message>
    <message>
      <source>Ablated (output zeroed)</source>
      <translation>已消融（输出置零）</translation>
    </message>
    <message>
      <source>Active</source>
      <translation>启用</translation>
    </message>
  </context>
  <context>
    <name>gna::views::MaskEditor</name>
    <message>
      <source>Mask editor</source>
      <translation>掩码编辑器</translation>
    </message>
    <message>
      <source>Click a token to mask or unmask it for the selected head</source>
      <translation>单击词元可为所选头屏蔽或取消屏蔽该词元</translation>
    </message>
    <message>
      <source>Unmask token %1</source>
      <translation>取消屏蔽词元 %1</translation>
    </message>
    <message>
      <source>Mask token %1</source>
      <translation>屏蔽词元 %1</translation>
    </message>
    <message>
      <source>Keep only answer segments</source>
      <translation>仅保留答案片段</translation>
    </message>
    <message>
      <source>Keep only summary tokens</source>
      <translation>仅保留摘要词元</translation>
    </message>
  </context>
  <context>
    <name>gna::views::NextTokenChart</name>
    <message>
      <source>Next-token probabilities</source>
      <translation>下一个词元的概率</translation>
    </message>
    <message>
      <source>Baseline (no ablation)</source>
      <translation>基线（无消融）</translation>
    </message>
    <message>
      <source>Top tokens</source>
      <translation>最可能的词元</translation>
    </message>
    <message>
      <source>Answer candidates</source>
      <translation>候选答案</translation>
    </message>
    <message>
      <source>Probability</source>
      <translation>概率</translation>
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
      <translation>Cividis（色盲友好）</translation>
    </message>
    <message>
      <source>Magma</source>
      <translation>Magma</translation>
    </message>
    <message>
      <source>Greys (print)</source>
      <translation>灰度（打印）</translation>
    </message>
    <message>
      <source>Red-yellow-green</source>
      <translation>红-黄-绿</translation>
    </message>
    <message>
      <source>Diverging (differences)</source>
      <translation>发散（差异）</translation>
    </message>
  </context>
  <context>
    <name>gna::views::ResultsTable</name>
    <message>
      <source>Results table</source>
      <translation>结果表</translation>
    </message>
    <message>
      <source>Copy selection</source>
      <translation>复制所选</translation>
    </message>
    <message>
      <source>Copy all</source>
      <translation>全部复制</translation>
    </message>
  </context>
  <context>
    <name>gna::views::RetrievalMap</name>
    <message>
      <source>Retrieval map</source>
      <translation>检索图</translation>
    </message>
    <message>
      <source>Score</source>
      <translation>分数</translation>
    </message>
    <message>
      <source>Context length (tokens)</source>
      <translation>上下文长度（词元）</translation>
    </message>
    <message>
      <source>Needle depth (%, 0 = start of the context)</source>
      <translation>针的深度（%，0 = 上下文开头）</translation>
    </message>
    <message>
      <source>Context %1 tokens, depth %2%
Score %3 / %4</source>
      <translation>上下文 %1 个词元，深度 %2%
分数 %3 / %4</translation>
    </message>
    <message>
      <source>Mean score %1</source>
      <translation>平均分 %1</translation>
    </message>
    <message>
      <source>%1 (mean score %2)</source>
      <translation>%1（平均分 %2）</translation>
    </message>
  </context>
  <context>
    <name>gna::views::TokenStrip</name>
    <message>
      <source>Prompt tokens</source>
      <translation>提示词元</translation>
    </message>
    <message>
      <source>No prompt tokens yet</source>
      <translation>尚无提示词元</translation>
    </message>
    <message>
      <source>Token %1: “%2”</source>
      <translation>词元 %1：“%2”</translation>
    </message>
    <message>
      <source>Weight %1</source>
      <translation>权重 %1</translation>
    </message>
  </context>
  <context>
    <name>main</name>
    <message>
      <source>G&amp;A Studio: see and test Gather &amp; Aggregate heads</source>
      <translation>G&amp;A Studio：观察并测试 Gather 与 Aggregate 头</translation>
    </message>
    <message>
      <source>Model folder or workspace file to open</source>
      <translation>要打开的模型文件夹或工作区文件</translation>
    </message>
  </context>
</TS>