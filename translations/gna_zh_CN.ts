<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CoreError</name>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="17"/>
        <source>head &apos;%1&apos;: expected L&lt;layer&gt;.H&lt;head&gt; (attention) or L&lt;layer&gt;.S&lt;head&gt; (SSM), e.g. L17.H24; L17H24 and 17.24 are accepted too; layers and heads count from 0</source>
        <translation>头“%1”：应写作 L&lt;层&gt;.H&lt;头&gt;（注意力）或 L&lt;层&gt;.S&lt;头&gt;（SSM），例如 L17.H24；也接受 L17H24 和 17.24；层和头均从 0 开始计数</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="21"/>
        <source>%1: &quot;%2&quot;: %3</source>
        <translation>%1：&quot;%2&quot;：%3</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="22"/>
        <source>%1: &quot;%2&quot; has the wrong type (%3); expected %4</source>
        <translation>%1：&quot;%2&quot; 的类型错误（%3）；应为 %4</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="23"/>
        <source>%1: unknown key &quot;%2&quot; in a %3 task (a typo?); it takes %4</source>
        <translation>%1：%3 任务中的未知键 &quot;%2&quot;（拼写错误？）；该任务接受 %4</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="24"/>
        <source>%1: missing &quot;experiment&quot; (one of %2)</source>
        <translation>%1：缺少 &quot;experiment&quot;（取值之一：%2）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="25"/>
        <source>%1: &quot;experiment&quot;: &apos;%2&apos; is not a known experiment (%3)</source>
        <translation>%1：&quot;experiment&quot;：“%2”不是已知的实验（%3）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="26"/>
        <source>%1: &quot;%2&quot; is not a key of %3 (it is one of %4); see gna experiment --describe %3</source>
        <translation>%1：&quot;%2&quot; 不是 %3 的键（而是 %4 的键）；参见 gna experiment --describe %3</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="27"/>
        <source>%1: unknown key &quot;%2&quot; (a typo?); %3 takes %4</source>
        <translation>%1：未知的键 &quot;%2&quot;（拼写错误？）；%3 接受 %4</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="28"/>
        <source>%1: the spec must be a JSON object</source>
        <translation>%1：规范必须是一个 JSON 对象</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="29"/>
        <source>%1: &quot;%2&quot; must be an object with &quot;name&quot;: %3</source>
        <translation>%1：&quot;%2&quot; 必须是带有 &quot;name&quot; 的对象：%3</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="30"/>
        <source>%1: &quot;task&quot; must be an object with &quot;name&quot;</source>
        <translation>%1：&quot;task&quot; 必须是带有 &quot;name&quot; 的对象</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="31"/>
        <source>%1: &quot;tasks&quot; must be a non-empty list of tasks</source>
        <translation>%1：&quot;tasks&quot; 必须是非空的任务列表</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="32"/>
        <source>%1: give &quot;task&quot; or &quot;tasks&quot;, not both</source>
        <translation>%1：请给出 &quot;task&quot; 或 &quot;tasks&quot;，不能同时给出</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="33"/>
        <source>%1: &quot;ranking&quot; is required: a head_ranking result.json or a list of heads</source>
        <translation>%1：必须提供 &quot;ranking&quot;：head_ranking 的 result.json 或头的列表</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="34"/>
        <source>%1: &quot;gather&quot; and &quot;aggregate&quot; head lists are required</source>
        <translation>%1：必须提供 &quot;gather&quot; 和 &quot;aggregate&quot; 头列表</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="35"/>
        <source>%1: &quot;gather&quot; and &quot;aggregate&quot; name no head: a G&amp;A mask needs at least one attention head (e.g. &quot;gather&quot;: [&quot;L1.H0&quot;]); a model without attention heads has none to mask</source>
        <translation>%1：&quot;gather&quot; 和 &quot;aggregate&quot; 没有指定任何头：G&amp;A 掩码至少需要一个注意力头（例如 &quot;gather&quot;: [&quot;L1.H0&quot;]）；没有注意力头的模型无可掩码</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="38"/>
        <source>experiment: &apos;%1&apos; is not a known experiment (%2)</source>
        <translation>experiment：“%1”不是已知的实验（%2）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="39"/>
        <source>task: &apos;%1&apos; is not one of %2</source>
        <translation>task：“%1”不是 %2 之一</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="41"/>
        <source>it must be at least %1</source>
        <translation>其值必须至少为 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="42"/>
        <source>values must be at least %1</source>
        <translation>各值必须至少为 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="43"/>
        <source>&apos;%1&apos; is not one of %2</source>
        <translation>“%1”不是 %2 之一</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="44"/>
        <source>unknown manipulation mode &apos;%1&apos;: use Keep, Null, Only, Omit or Binary</source>
        <translation>未知的操控模式“%1”：请使用 Keep、Null、Only、Omit 或 Binary</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="45"/>
        <source>experiment spec: &quot;%1&quot; names %2, which this model does not have</source>
        <translation>实验规范：&quot;%1&quot; 指定了 %2，但此模型没有这个头</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="47"/>
        <source>experiment spec: &quot;ranking&quot; names %1, which is missing: run the head_ranking experiment it comes from first (gna experiment SPEC --out DIR writes DIR/result.json), or give the ranking as a list of heads</source>
        <translation>实验规范：&quot;ranking&quot; 指定了 %1，但该文件不存在：请先运行生成它的 head_ranking 实验（gna experiment SPEC --out DIR 会写入 DIR/result.json），或以头列表的形式给出排序</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="51"/>
        <source>%1 is missing (no such result file); run the experiment that writes it first, or give the path of an existing result.json</source>
        <translation>%1 不存在（没有这个结果文件）；请先运行生成它的实验，或给出一个已有 result.json 的路径</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="54"/>
        <source>%1 is corrupted (%2); delete it to start over, or use another --out folder</source>
        <translation>%1 已损坏（%2）；请删除它以重新开始，或使用另一个 --out 文件夹</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="55"/>
        <source>%1 is corrupted: its samples do not match their checksum (edited or truncated); delete it to start over</source>
        <translation>%1 已损坏：其中的样本与校验和不符（被编辑或被截断）；请删除它以重新开始</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="58"/>
        <source>%1 holds no head ranking (run an experiment &quot;head_ranking&quot; first)</source>
        <translation>%1 中没有注意力头排序（请先运行一个 &quot;head_ranking&quot; 实验）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="60"/>
        <source>%1: not valid JSON (%2). Check the file; it may be truncated.</source>
        <translation>%1：不是有效的 JSON（%2）。请检查该文件；它可能已被截断。</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="61"/>
        <source>%1: cannot open the file for reading (does it exist, is it readable?)</source>
        <translation>%1：无法打开文件进行读取（文件是否存在、是否可读？）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="63"/>
        <source>%1: not found. A Hugging Face model folder needs config.json next to the weights.</source>
        <translation>%1：未找到。Hugging Face 模型文件夹需要在权重文件旁边有 config.json。</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="64"/>
        <source>%1: not a model folder (expected a directory with config.json and *.safetensors)</source>
        <translation>%1：不是模型文件夹（应为包含 config.json 和 *.safetensors 的目录）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="65"/>
        <source>%1: no model.safetensors or model.safetensors.index.json found</source>
        <translation>%1：未找到 model.safetensors 或 model.safetensors.index.json</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="66"/>
        <source>%1: no model.safetensors or model.safetensors.index.json found (several .safetensors files but no index)</source>
        <translation>%1：未找到 model.safetensors 或 model.safetensors.index.json（有多个 .safetensors 文件，但没有索引）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="69"/>
        <source>%1: cannot open (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="70"/>
        <source>%1: truncated safetensors file: it has %2 bytes, fewer than the 8-byte header length. Re-download or re-export the checkpoint.</source>
        <translation>%1：safetensors 文件被截断：它只有 %2 字节，少于 8 字节的头部长度字段。请重新下载或重新导出检查点。</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="74"/>
        <source>%1: safetensors header length %2 goes beyond the file (%3 bytes); the file is truncated or not a safetensors file</source>
        <translation>%1：safetensors 头部长度 %2 超出了文件大小（%3 字节）；该文件已被截断或不是 safetensors 文件</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="78"/>
        <source>%1: safetensors header is not valid JSON (%2)</source>
        <translation>%1：safetensors 头部不是有效的 JSON（%2）</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="79"/>
        <source>%1: tensor &apos;%2&apos; has shape %3 but config.json implies %4. config.json and the weights disagree.</source>
        <translation>%1：张量“%2”的形状为 %3，但按 config.json 应为 %4。config.json 与权重不一致。</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="81"/>
        <source>%1: the checkpoint has no tensor &apos;%2&apos;. The file is incomplete or belongs to a different architecture than config.json says.</source>
        <translation>%1：检查点中没有张量“%2”。该文件不完整，或属于与 config.json 所述不同的架构。</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="99"/>
        <source>%1 holds no tokenizer files (tokenizer.json or tokenizer.model), so text cannot be turned into tokens. Open the model again (File ▸ Open model…) and choose the tokenizer folder of the model family in the dialog&apos;s Tokenizer folder field (state-spaces/mamba-* checkpoints use EleutherAI/gpt-neox-20b&apos;s tokenizer).</source>
        <translation>%1 不含分词器文件（tokenizer.json 或 tokenizer.model），因此无法将文本转换为词元。请重新打开模型（文件 ▸ 打开模型…），并在对话框的“分词器文件夹”字段中选择该模型家族的分词器文件夹（state-spaces/mamba-* 检查点使用 EleutherAI/gpt-neox-20b 的分词器）。</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="106"/>
        <source>Tokenizer folder %1 (Open model dialog): not a folder holding tokenizer.json or tokenizer.model. Choose the folder of a checkpoint (or a tokenizer-only download) of the same model family.</source>
        <translation>分词器文件夹 %1（打开模型对话框）：不是包含 tokenizer.json 或 tokenizer.model 的文件夹。请选择同一模型家族的检查点（或仅含分词器的下载）所在的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/studio/core_errors.cpp" line="112"/>
        <source>The tokenizer folder %1 (Open model dialog) has %2 token ids, but %3 embeds only %4: it is not the tokenizer of this model family. Choose the tokenizer the checkpoint was trained with.</source>
        <translation>分词器文件夹 %1（打开模型对话框）有 %2 个词元 ID，但 %3 只嵌入了 %4 个：它不是该模型家族的分词器。请选择该检查点训练时使用的分词器。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="22"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
</context>
<context>
    <name>gna::studio</name>
    <message>
        <location filename="../app/studio/run_job.cpp" line="191"/>
        <source>Δ %1 vs unablated</source>
        <translation>Δ %1（相对未消融）</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="146"/>
        <source>The prompt is empty: type a prompt first.</source>
        <translation>提示为空：请先输入提示。</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="48"/>
        <source>entropy of the last row (bits)</source>
        <translation>最后一行的熵（比特）</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="53"/>
        <source>Gather score: the prompt has no line ends</source>
        <translation>Gather 得分：提示中没有行尾</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="52"/>
        <source>Gather score: attention of each line end on its own line</source>
        <translation>Gather 得分：每个行尾对其所在行的注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="56"/>
        <source>Aggregate score: the prompt has no line ends</source>
        <translation>Aggregate 得分：提示中没有行尾</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="61"/>
        <source>duplicate-token score: attention on earlier copies of the token (BOS and current token kept)</source>
        <translation>重复词元得分：对该词元先前副本的注意力（包含 BOS 和当前词元）</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="62"/>
        <source>duplicate-token score: no token of the prompt repeats</source>
        <translation>重复词元得分：提示中没有重复的词元</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="65"/>
        <source>induction score: attention on the token after an earlier copy (BOS and current token kept)</source>
        <translation>归纳得分：对先前副本之后词元的注意力（包含 BOS 和当前词元）</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="66"/>
        <source>induction score: no token of the prompt repeats</source>
        <translation>归纳得分：提示中没有重复的词元</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="55"/>
        <source>Aggregate score: attention of the last token on the line ends</source>
        <translation>Aggregate 得分：最后一个词元对各行尾的注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="50"/>
        <source>max weight of the last row</source>
        <translation>最后一行的最大权重</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="58"/>
        <source>attention from the last token to token %1</source>
        <translation>最后一个词元对词元 %1 的注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="152"/>
        <source>The prompt has %1 characters, far more than this model&apos;s context of %2 tokens holds; shorten it to run it.</source>
        <translation>提示有 %1 个字符，远超此模型 %2 个词元的上下文所能容纳的长度；请缩短后再运行。</translation>
    </message>
    <message>
        <location filename="../app/studio/run_job.cpp" line="199"/>
        <source>Unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="32"/>
        <source>Cannot write into the output folder %1. Choose a folder you can write to.</source>
        <translation>无法写入输出文件夹 %1。请选择一个有写入权限的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="57"/>
        <source>Unknown figure format &quot;%1&quot; in --formats: use pdf, svg and png, separated by commas.</source>
        <translation>--formats 中的图表格式“%1”未知：请使用 pdf、svg 和 png，以逗号分隔。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="66"/>
        <source>Invalid --dpi &quot;%1&quot;: give a whole number from 50 to 2400, e.g. --dpi 300.</source>
        <translation>无效的 --dpi 值“%1”：请给出 50 到 2400 之间的整数，例如 --dpi 300。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="73"/>
        <source>Invalid --width &quot;%1&quot;: give single (3.3 in), double (6.9 in) or a width in inches from 0.5 to 20.</source>
        <translation>无效的 --width 值“%1”：请给出 single（3.3 英寸）、double（6.9 英寸）或 0.5 到 20 之间的英寸宽度。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="84"/>
        <source>The workspace file %1 does not exist. Give the path of a saved workspace (.gna.json).</source>
        <translation>工作区文件 %1 不存在。请给出已保存工作区（.gna.json）的路径。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="90"/>
        <source>Save the workspace again from G&amp;A Studio (File ▸ Save workspace as).</source>
        <translation>请在 G&amp;A Studio 中重新保存工作区（文件 ▸ 工作区另存为）。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="95"/>
        <source>The workspace %1 names the model folder %2, which does not exist. Edit its &quot;model&quot; entry (a path relative to the workspace file works).</source>
        <translation>工作区 %1 指定的模型文件夹 %2 不存在。请编辑其“model”条目（也可以使用相对于工作区文件的路径）。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="117"/>
        <source>Could not load the model %1 named by the workspace %2: %3</source>
        <translation>无法加载工作区 %2 指定的模型 %1：%3</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="123"/>
        <source>The run of the workspace %1 failed: %2</source>
        <translation>工作区 %1 的运行失败：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="146"/>
        <source>The model of the workspace %1 did not finish its run within 10 minutes.</source>
        <translation>工作区 %1 的模型未能在 10 分钟内完成运行。</translation>
    </message>
    <message>
        <location filename="../app/studio/figure_job.cpp" line="153"/>
        <source>The workspace %1 names an experiment result that cannot be opened: %2</source>
        <translation>工作区 %1 引用的实验结果无法打开：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="51"/>
        <source>%1 · switched off: %2</source>
        <translation>%1 · 已关闭：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="78"/>
        <source>Could not write %1: %2. Check that the folder is writable.</source>
        <translation>无法写入 %1：%2。请检查该文件夹是否可写。</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="102"/>
        <source>%1: curves</source>
        <translation>%1：曲线</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="113"/>
        <source>%1: retrieval map</source>
        <translation>%1：检索图</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="165"/>
        <source>Next-token chart</source>
        <translation>下一个词元图</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="172"/>
        <source>Head board</source>
        <translation>注意力头面板</translation>
    </message>
    <message>
        <location filename="../app/studio/paper_figures.cpp" line="185"/>
        <source>Could not create the folder %1. Check its parent folder&apos;s permissions.</source>
        <translation>无法创建文件夹 %1。请检查其上级文件夹的权限。</translation>
    </message>
</context>
<context>
    <name>gna::studio::ConnectServerDialog</name>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="41"/>
        <source>Connect to server</source>
        <translation>连接到服务器</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="53"/>
        <source>or paste the token (not saved)</source>
        <translation>或粘贴令牌（不保存）</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="55"/>
        <source>empty: no TLS (loopback or SSH)</source>
        <translation>留空：不使用 TLS（本机回环或 SSH）</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="57"/>
        <source>user@gpu-node: the studio opens the tunnel</source>
        <translation>user@gpu-node：由 Studio 建立隧道</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="65"/>
        <source>&amp;Address (host:port):</source>
        <translation>地址（主机:端口）(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="66"/>
        <source>Token &amp;file:</source>
        <translation>令牌文件(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="66"/>
        <source>Token file</source>
        <translation>令牌文件</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="67"/>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="68"/>
        <source>TLS &amp;certificate:</source>
        <translation>TLS 证书(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="68"/>
        <source>The server&apos;s certificate</source>
        <translation>服务器的证书</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="69"/>
        <source>&amp;SSH destination:</source>
        <translation>SSH 目标(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="71"/>
        <source>Start the server with gna serve --root FOLDER on the machine that holds the models; it prints its address and token. With an SSH destination, the address is the server&apos;s on that machine (usually 127.0.0.1:50051).</source>
        <translation>在存放模型的机器上用 gna serve --root 文件夹 启动服务器；它会打印地址和令牌。使用 SSH 目标时，地址是服务器在那台机器上的地址（通常为 127.0.0.1:50051）。</translation>
    </message>
    <message>
        <location filename="../app/studio/connect_server_dialog.cpp" line="76"/>
        <source>Co&amp;nnect</source>
        <translation>连接(&amp;N)</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentDock</name>
    <message>
        <location filename="../app/studio/experiment_dock.cpp" line="44"/>
        <source>Experiments</source>
        <translation>实验</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_dock.cpp" line="72"/>
        <source>Exper&amp;iment:</source>
        <translation>实验(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_dock.cpp" line="148"/>
        <source>%1: the studio has no tab for this evaluate spec (a needle-in-a-haystack map is evaluate on the niah task alone); run it with gna experiment.</source>
        <translation>%1：Studio 中没有适用于此 evaluate 规范的标签页（大海捞针图是仅针对 niah 任务的 evaluate）；请使用 gna experiment 运行。</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentPanel</name>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="35"/>
        <source>&apos;%1&apos; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="202"/>
        <source>Open s&amp;pec file…</source>
        <translation>打开规范文件(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="204"/>
        <source>Ru&amp;n</source>
        <translation>运行(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="205"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="217"/>
        <location filename="../app/studio/experiment_panel.cpp" line="316"/>
        <source>Open a model, then Run.</source>
        <translation>请先打开模型，然后点击运行。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="161"/>
        <source>&amp;Condition:</source>
        <translation>条件(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="68"/>
        <source>Can the model find one sentence (the needle) hidden in a long filler text? Each cell of the map is one prompt: across, its length in tokens; down, where the needle stands in it; the colour, how much of the needle the answer repeats (0 to 5). Click a cell to open its prompt. A model that reads only a short context, such as the bundled demos (256 tokens), gets lengths and generated tokens that fit it when the lengths are left empty; Experiments ▸ KV-retrieval map draws a map made for such models.</source>
        <translation>模型能否找到藏在长篇填充文本中的一句话（针）？图中每个单元格是一个提示：横向为其长度（词元数），纵向为针在其中的位置；颜色表示回答复述了多少针的内容（0 到 5）。点击单元格可打开其提示。对于只读取短上下文的模型（例如附带的演示模型，256 个词元），若长度留空，将使用适合它的长度和生成词元数；实验 ▸ KV 检索图 会绘制专为此类模型设计的图。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="76"/>
        <source>Which attention to the needle does the answer need? The needle-in-a-haystack prompts run again with the attention weights on the needle&apos;s tokens changed: Keep leaves them, Omit sets them to 0, Only sets every other weight to 0, Binary gives each of them their mean and every other weight 0, Null sets every weight to 0. Each row is what is done while the prompt is read, each column what is done while the answer is generated; a cell is the mean score of the answer (0 to 5, how much of the needle it repeats). On the bundled demos (256 tokens) leave the lengths empty so that the prompts fit, and keep a few depths and modes: every cell runs all the prompts again.</source>
        <translation>回答需要对针的哪种注意力？大海捞针的提示会再次运行，并改变针的词元上的注意力权重：Keep 保持不变，Omit 将其设为 0，Only 将其他所有权重设为 0，Binary 为它们各赋其平均值并将其他所有权重设为 0，Null 将所有权重设为 0。每一行是读取提示时所做的操作，每一列是生成回答时所做的操作；单元格为回答的平均得分（0 到 5，表示复述了多少针的内容）。在附带的演示模型（256 个词元）上，请将长度留空以使提示能够容纳，并只保留少数几个深度和模式：每个单元格都会重新运行所有提示。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="87"/>
        <source>Each row is a length in tokens; the columns: KV cache, SSM state, total, in megabytes per sequence. On the demos the transformer&apos;s cache grows with the length, the SSM&apos;s state does not.</source>
        <translation>每一行是一个长度（词元数）；各列：KV 缓存、SSM 状态、总计，单位为每个序列的兆字节。在演示模型上，Transformer 的缓存随长度增长，SSM 的状态则不会。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="114"/>
        <source>The experiment spec (JSON) that runs: the form above writes it, and editing it here fills the form</source>
        <translation>实际运行的实验规范（JSON）：由上方表单生成，在此编辑也会填入表单</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="120"/>
        <source>&amp;JSON spec (what runs):</source>
        <translation>JSON 规范(&amp;J)（实际运行的内容）：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="167"/>
        <source>Click a cell to open its prompt, the model&apos;s answer and its attention.</source>
        <translation>点击一个单元格，打开其提示、模型的回答及注意力。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="177"/>
        <source>Copy ta&amp;ble</source>
        <translation>复制表格(&amp;B)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="179"/>
        <source>Copies the table (or the selected cells) as tab-separated text for a spreadsheet</source>
        <translation>将表格（或所选单元格）复制为制表符分隔的文本，便于粘贴到电子表格</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="187"/>
        <source>Curve</source>
        <translation>曲线</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="188"/>
        <source>Retrieval map</source>
        <translation>检索图</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="189"/>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="138"/>
        <source>Runs the spec on the open model</source>
        <translation>在已打开的模型上运行该规范</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="148"/>
        <source>⚠ Run waits for a valid spec: %1</source>
        <translation>⚠ 需要有效的规范才能运行：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="151"/>
        <source>The form cannot show every value of this spec, so it is greyed out: edit the spec here (Run runs it as written).</source>
        <translation>表单无法显示此规范的所有值，因此已置灰：请在此编辑规范（“运行”会按原样执行）。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="313"/>
        <source>This tab runs needle-in-a-haystack maps (evaluate on the niah task alone); an evaluate spec of other tasks runs with gna experiment.</source>
        <translation>此标签页运行大海捞针图（仅针对 niah 任务的 evaluate）；其他任务的 evaluate 规范请使用 gna experiment 运行。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="318"/>
        <source>This is a %1 spec: open it in the %2 tab (this tab runs %3 specs).</source>
        <translation>这是 %1 规范：请在“%2”标签页中打开（此标签页运行 %3 规范）。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="351"/>
        <source>Open experiment spec</source>
        <translation>打开实验规范</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="351"/>
        <source>Experiment specs (*.json)</source>
        <translation>实验规范 (*.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="349"/>
        <source>Open experiment result</source>
        <translation>打开实验结果</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="218"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="350"/>
        <source>Results (result.json *.json)</source>
        <translation>结果 (result.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="203"/>
        <source>Open res&amp;ult…</source>
        <translation>打开结果(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="252"/>
        <source>Finished: %1</source>
        <translation>已完成：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="260"/>
        <source>Cancelled. The heads verified so far stay on the head board and are saved in %1; an attribution ranking is not resumed: Run again with another folder.</source>
        <translation>已取消。目前已验证的头保留在头面板上，并保存在 %1 中；归因排序不会从中断处继续：请使用另一个文件夹再次运行。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="268"/>
        <source>Cancelled. Finished samples are saved in %1; Run again to resume (the results folder field names it; empty it to start a new run).</source>
        <translation>已取消。已完成的样本保存在 %1；再次运行即可继续（结果文件夹字段中写着它；清空该字段可开始新的运行）。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="275"/>
        <source>The experiment failed.</source>
        <translation>实验失败。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="286"/>
        <source>Head ranking</source>
        <translation>注意力头排序</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="287"/>
        <source>Cumulative removal</source>
        <translation>累积移除</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="288"/>
        <source>Layer pruning</source>
        <translation>层剪枝</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="289"/>
        <source>Sparsification</source>
        <translation>稀疏化</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="290"/>
        <location filename="../app/studio/experiment_panel_form.cpp" line="90"/>
        <source>Needle in a haystack</source>
        <translation>大海捞针</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="291"/>
        <source>Manipulation grid</source>
        <translation>操控网格</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="292"/>
        <source>G&amp;&amp;A masks (MMLU)</source>
        <translation>G&amp;&amp;A 掩码（MMLU）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="293"/>
        <source>Memory table</source>
        <translation>内存表</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="317"/>
        <source>Ready: %1</source>
        <translation>就绪：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="321"/>
        <source>none: this model has no attention heads</source>
        <translation>无：此模型没有注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="332"/>
        <source>This model has no attention heads: a G&amp;A mask acts on attention weights, so this experiment cannot run on it.</source>
        <translation>此模型没有注意力头：G&amp;A 掩码作用于注意力权重，因此无法在此模型上运行该实验。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="353"/>
        <source>e.g. %1; empty: all heads</source>
        <translation>例如 %1；留空：所有头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="355"/>
        <source>Heads as %1, separated by commas; empty = every attention and SSM head of this model</source>
        <translation>头，格式为 %1，以逗号分隔；留空 = 此模型的所有注意力头和 SSM 头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="357"/>
        <source>e.g. %1; empty: all SSM heads</source>
        <translation>例如 %1；留空：所有 SSM 头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="358"/>
        <source>Heads as %1, separated by commas; empty = every SSM head of this model</source>
        <translation>头，格式为 %1，以逗号分隔；留空 = 此模型的所有 SSM 头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="360"/>
        <source>e.g. %1; empty: all attention heads</source>
        <translation>例如 %1；留空：所有注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="361"/>
        <source>Heads as %1, separated by commas; empty = every attention head of this model</source>
        <translation>注意力头，格式为 %1，以逗号分隔；留空 = 此模型的所有注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="363"/>
        <source>e.g. %1; list SSM heads</source>
        <translation>例如 %1；请列出 SSM 头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="365"/>
        <source>Heads as %1, separated by commas; empty = every attention head, and this model has none: list its SSM heads%2</source>
        <translation>头，格式为 %1，以逗号分隔；留空 = 所有注意力头，但此模型没有注意力头：请列出其 SSM 头%2</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="369"/>
        <source>, or rank them all with a fast method</source>
        <translation>，或用快速方法为所有头排序</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="371"/>
        <source>result.json, or e.g. %1</source>
        <translation>result.json，或例如 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="372"/>
        <source>A head_ranking result.json, or heads as %1, …</source>
        <translation>head_ranking 的 result.json，或形如 %1, … 的头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="386"/>
        <source>a new folder per run</source>
        <translation>每次运行新建文件夹</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="388"/>
        <source>Empty: each run writes a new folder in %1; a folder with a partial result resumes it.</source>
        <translation>留空：每次运行在 %1 中新建文件夹；包含部分结果的文件夹会从中断处继续。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="392"/>
        <source>Results folder. Empty: a new folder per run in %1. A folder with a partial result resumes it.</source>
        <translation>结果文件夹。留空：每次运行在 %1 中新建文件夹。包含部分结果的文件夹会从中断处继续。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="468"/>
        <source>Preparing the samples…</source>
        <translation>正在准备样本…</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="83"/>
        <source>KV-retrieval</source>
        <translation>键值检索</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="84"/>
        <source>MMLU (bundled sample)</source>
        <translation>MMLU（内置样本）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="85"/>
        <source>Knowledge multiple choice</source>
        <translation>知识多项选择</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="88"/>
        <source>All three tasks</source>
        <translation>全部三个任务</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="91"/>
        <source>Dictionary sizes (keys per prompt)</source>
        <translation>字典大小（每个提示的键数）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="94"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="96"/>
        <source>Needle depths in percent; empty = 0 to 100 in 10 steps</source>
        <translation>针的深度（百分比）；留空 = 0 到 100，共 10 档</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="98"/>
        <source>e.g. 0, 50, 100; empty: 0 to 100</source>
        <translation>例如 0, 50, 100；留空：0 到 100</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="104"/>
        <source>Heads as L17.H24, separated by commas; empty = every attention head</source>
        <translation>注意力头，格式为 L17.H24，以逗号分隔；留空 = 所有注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="105"/>
        <source>Gather heads, e.g. L16.H22</source>
        <translation>Gather 头，例如 L16.H22</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="106"/>
        <source>Aggregate heads, e.g. L17.H24</source>
        <translation>Aggregate 头，例如 L17.H24</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="107"/>
        <source>A head_ranking result.json, or heads as L3.H1, L2.H0, …</source>
        <translation>head_ranking 的 result.json，或形如 L3.H1, L2.H0, … 的注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="108"/>
        <source>Numbers of heads removed, e.g. 0, 10, 20; empty = every 10</source>
        <translation>移除的头数，例如 0, 10, 20；留空 = 每 10 个</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="109"/>
        <source>e.g. L1.H0, L2.H3; empty: every attention head</source>
        <translation>例如 L1.H0, L2.H3；留空：所有注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="110"/>
        <source>e.g. L16.H22</source>
        <translation>例如 L16.H22</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="111"/>
        <source>e.g. L17.H24</source>
        <translation>例如 L17.H24</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="112"/>
        <source>result.json, or e.g. L3.H1, L2.H0</source>
        <translation>result.json，或例如 L3.H1, L2.H0</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="113"/>
        <source>e.g. 0, 10, 20; empty: every 10</source>
        <translation>例如 0, 10, 20；留空：每 10 个</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="114"/>
        <location filename="../app/studio/experiment_panel_form.cpp" line="123"/>
        <source>Both</source>
        <translation>两者</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="115"/>
        <source>Gradual (from the end)</source>
        <translation>逐步（从末尾开始）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="116"/>
        <source>Individual (one layer at a time)</source>
        <translation>单独（每次一层）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="121"/>
        <source>e.g. 0, 1, 2, 4; empty: 0 to the number of heads</source>
        <translation>例如 0, 1, 2, 4；留空：0 到头的总数</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="123"/>
        <source>Generation only</source>
        <translation>仅生成阶段</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="123"/>
        <source>Prefill and generation</source>
        <translation>预填充和生成阶段</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="124"/>
        <source>Exact (every head ablated)</source>
        <translation>精确（逐个消融每个头）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="125"/>
        <source>Fast: attribution, then the top heads exactly</source>
        <translation>快速：先归因，再精确计算排名靠前的头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="126"/>
        <source>Fastest: attribution estimate only</source>
        <translation>最快：仅归因估计</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="128"/>
        <source>The fast methods colour the head board with first-order estimates at once, then refine the top heads by exact ablation (docs/attribution.md)</source>
        <translation>快速方法会立即用一阶估计为头面板着色，然后通过精确消融细化排名靠前的头（docs/attribution.md）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="134"/>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="135"/>
        <source>Log-probability of the answer</source>
        <translation>答案的对数概率</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="136"/>
        <source>Exact match (KV-retrieval, generated)</source>
        <translation>精确匹配（KV 检索，生成）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="162"/>
        <source>Results folder; empty = a new folder per run. A folder with a partial result resumes it.</source>
        <translation>结果文件夹；留空 = 每次运行新建文件夹。包含部分结果的文件夹会从中断处继续。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="164"/>
        <source>&amp;Task:</source>
        <translation>任务(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="166"/>
        <source>Dictionar&amp;y sizes:</source>
        <translation>字典大小(&amp;Y)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="197"/>
        <source>Aggrega&amp;te heads:</source>
        <translation>Aggregate 头(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="224"/>
        <source>&amp;Kept heads (k):</source>
        <translation>保留头数(&amp;K)（k）：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="225"/>
        <source>St&amp;ages:</source>
        <translation>阶段(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="227"/>
        <source>Choose the results folder</source>
        <translation>选择结果文件夹</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="228"/>
        <source>Results folder</source>
        <translation>结果文件夹</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="359"/>
        <source>Sequence lengths in tokens, separated by commas</source>
        <translation>序列长度（词元数），以逗号分隔</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="369"/>
        <source>e.g. %1; empty: %2 to %3 in %4 steps</source>
        <translation>例如 %1；留空：%2 到 %3，共 %4 档</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="371"/>
        <source>Context lengths in tokens; empty = %1 to %2 in %3 steps, which fit this model&apos;s context of %4 tokens with the generated tokens</source>
        <translation>上下文长度（词元数）；留空 = %1 到 %2，共 %3 档，连同生成的词元都能容纳在此模型 %4 个词元的上下文中</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="374"/>
        <source>Context lengths in tokens; empty = %1 to %2 in %3 steps</source>
        <translation>上下文长度（词元数）；留空 = %1 到 %2，共 %3 档</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="168"/>
        <location filename="../app/studio/experiment_panel_form.cpp" line="170"/>
        <source>&amp;Limit per subject:</source>
        <translation>每科上限(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="118"/>
        <source>Kept heads: how many heads each layer keeps at every query position, the k with the lowest attention entropy; the others are switched off. One or more values of k, separated by commas; empty = 0 to the number of heads</source>
        <translation>保留头数：每层在每个查询位置保留多少个头，即注意力熵最低的 k 个；其余的头被关闭。可填一个或多个 k 值，用逗号分隔；留空 = 0 到头的总数</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="132"/>
        <source>How many heads you want ranked; the fast method verifies up to three times as many exactly, but no more than a quarter of the model&apos;s heads unless this many are wanted</source>
        <translation>要排序的头数；快速方法最多精确验证三倍数量的头，但除非需要这么多，否则不超过模型头数的四分之一</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="171"/>
        <source>Context &amp;lengths:</source>
        <translation>上下文长度(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="173"/>
        <source>Needle &amp;depths (%):</source>
        <translation>针的深度(&amp;D)（%）：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="174"/>
        <source>&amp;Generated tokens:</source>
        <translation>生成词元数(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="177"/>
        <source>He&amp;ads:</source>
        <translation>注意力头(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="189"/>
        <source>Metho&amp;d:</source>
        <translation>方法(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="192"/>
        <source>Heads &amp;wanted:</source>
        <translation>所需头数(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="193"/>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="196"/>
        <source>&amp;Gather heads:</source>
        <translation>Gather 头(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="205"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="216"/>
        <source>Choose a head_ranking result.json</source>
        <translation>选择 head_ranking 的 result.json</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="217"/>
        <source>Head ranking result</source>
        <translation>注意力头排序结果</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="216"/>
        <source>Ran&amp;king:</source>
        <translation>排序(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="39"/>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation>“%1”不是整数</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="167"/>
        <source>Samples per si&amp;ze:</source>
        <translation>每种大小的样本数(&amp;Z)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="220"/>
        <source>&amp;Steps:</source>
        <translation>步骤(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="222"/>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_form.cpp" line="227"/>
        <source>Results f&amp;older:</source>
        <translation>结果文件夹(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="73"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="74"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="99"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="113"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="114"/>
        <location filename="../app/studio/experiment_panel_sync.cpp" line="144"/>
        <source>the spec editor</source>
        <translation>规范编辑器</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="450"/>
        <source>Open a model first (File ▸ Open model).</source>
        <translation>请先打开模型（文件 ▸ 打开模型）。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="474"/>
        <source>Cancelling after the current sample…</source>
        <translation>将在当前样本完成后取消…</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="492"/>
        <source>%1 of %2 samples · %3 elapsed · %4 left · %5</source>
        <translation>%1 / %2 个样本 · 已用 %3 · 剩余 %4 · %5</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel.cpp" line="506"/>
        <source>%1 tokens, needle at %2%: score %3 — the model answered: “%4”</source>
        <translation>%1 个词元，针位于 %2%：得分 %3 —— 模型回答：“%4”</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="36"/>
        <source>Open a model to see what each method is estimated to cost on it.</source>
        <translation>打开一个模型以查看每种方法在其上的估计开销。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="46"/>
        <source>Cost estimate: waits for a valid spec.</source>
        <translation>开销估计：等待有效的规格。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="51"/>
        <source>≈%1 forward passes</source>
        <translation>≈%1 次前向传播</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="52"/>
        <source>≈%1 forward passes per prompt</source>
        <translation>每个提示 ≈%1 次前向传播</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="56"/>
        <source>, ≈%1 of activations</source>
        <translation>，≈%1 的激活</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="61"/>
        <source>Recommended: Fast, ≈%1× fewer passes (more memory; the %2 heads it does not verify keep their estimate).</source>
        <translation>推荐：快速，传播次数少 ≈%1 倍（内存更多；未验证的 %2 个头保留其估计值）。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="65"/>
        <source>Recommended: Exact; Fast would verify every head after its gradient pass.</source>
        <translation>推荐：精确；快速方法在梯度传播后会验证每个头。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="66"/>
        <source>Recommended: Exact; Fast saves only ≈%1× (under %2×) and needs more memory.</source>
        <translation>推荐：精确；快速方法只节省 ≈%1 倍（低于 %2 倍）且需要更多内存。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="70"/>
        <source>%1 Estimate: Exact ablates %2 heads, %3%4; Fast verifies %5, %6%7.</source>
        <translation>%1 估计：精确方法消融 %2 个头，%3%4；快速方法验证 %5 个，%6%7。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="76"/>
        <source>Counted before running, not measured. A pass is one forward over a prompt: an exact ablation of a head in layer l recomputes the layers from l on; Fast&apos;s gradient pass counts as 3 forwards, and the heads it verifies are priced at the average depth. Fast is recommended when it needs at most half the passes: it holds far more memory (its gradient pass keeps every layer&apos;s activations) and ranks the heads it does not verify by first-order estimate only. Memory: the activations held at once beyond the weights, at 16 floats of hidden width per token and layer%1. See docs/attribution.md, &quot;Choosing a method&quot;.</source>
        <translation>运行前计数，而非测量。一次传播是对一个提示的一次前向：精确消融第 l 层的一个头会重新计算从 l 层起的各层；快速方法的梯度传播计为 3 次前向，其验证的头按平均深度计价。当快速方法最多只需一半的传播次数时才推荐它：它占用多得多的内存（其梯度传播保留每一层的激活），且未验证的头只按一阶估计排序。内存：权重之外同时保留的激活，按每个词元每层 16 个隐藏宽度的浮点数计%1。参见 docs/attribution.md 的 &quot;Choosing a method&quot;。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="82"/>
        <source>; prompts of about %1 tokens</source>
        <translation>；提示约 %1 个词元</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_panel_cost.cpp" line="83"/>
        <source>; this task&apos;s prompt length is not known before it runs</source>
        <translation>；此任务的提示长度在运行前未知</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentResults</name>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="55"/>
        <source>KV-retrieval</source>
        <translation>键值检索</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="56"/>
        <source>MMLU</source>
        <translation>MMLU</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="58"/>
        <source>Knowledge</source>
        <translation>知识</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="60"/>
        <source>Needle in a haystack</source>
        <translation>大海捞针</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="61"/>
        <source>All tasks</source>
        <translation>所有任务</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="81"/>
        <source>Granular score (0–5)</source>
        <translation>细粒度得分（0–5）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="82"/>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="92"/>
        <source>Heads removed (most important first)</source>
        <translation>移除的头数（最重要的优先）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="94"/>
        <source>random heads (control)</source>
        <translation>随机头（对照）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="109"/>
        <source>k (heads kept per layer and position)</source>
        <translation>k（每层每个位置保留的头数）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="110"/>
        <source>generation only</source>
        <translation>仅生成阶段</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="114"/>
        <source>prefill and generation</source>
        <translation>预填充和生成阶段</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="198"/>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="199"/>
        <source>KV cache (MB)</source>
        <translation>KV 缓存（MB）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="200"/>
        <source>State (MB)</source>
        <translation>状态（MB）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="201"/>
        <source>Total (MB)</source>
        <translation>总计（MB）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="207"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="208"/>
        <source>Head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="209"/>
        <source>Importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="210"/>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="211"/>
        <source>Ablated</source>
        <translation>消融后</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="217"/>
        <source>Attribution estimate</source>
        <translation>归因估计</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="218"/>
        <source>Measured</source>
        <translation>已测量</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="224"/>
        <source>exact (ablation)</source>
        <translation>精确（消融）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="238"/>
        <source>estimate only (not verified)</source>
        <translation>仅估计（未验证）</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="251"/>
        <source>Prefill \ Generation</source>
        <translation>预填充 \ 生成</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="266"/>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="268"/>
        <source>± s.e.</source>
        <translation>± 标准误</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="280"/>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="281"/>
        <source>Group</source>
        <translation>组</translation>
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
        <translation>逐步：移除最后 n 层</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="103"/>
        <source>individual: only layer n skipped</source>
        <translation>单独：仅跳过第 n 层</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_results.cpp" line="292"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
</context>
<context>
    <name>gna::studio::ExperimentRunner</name>
    <message>
        <location filename="../app/studio/experiment_runner.cpp" line="59"/>
        <source>The model is still loading: run the experiment once it is open.</source>
        <translation>模型仍在加载：请在模型打开后再运行实验。</translation>
    </message>
    <message>
        <location filename="../app/studio/experiment_runner.cpp" line="60"/>
        <source>Open the model first (File ▸ Open model…).</source>
        <translation>请先打开模型（文件 ▸ 打开模型…）。</translation>
    </message>
</context>
<context>
    <name>gna::studio::GuidedTour</name>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="500"/>
        <source>A hybrid retrieves through its attention heads: switch them off and the dictionary value and the letter drop towards chance (1 in %1 values, 1 in 4 letters). Open one in the window with Help ▸ Open demo model.</source>
        <translation>混合模型通过其注意力头进行检索：关闭它们后，字典中的值和答案字母都会降向随机水平（%1 个值中选 1 个，4 个字母中选 1 个）。可通过 帮助 ▸ 打开演示模型 在窗口中打开一个。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="472"/>
        <source>KV, attention off</source>
        <translation>KV，关闭注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="58"/>
        <source>MMLU asks for the letter of the right option, so the model must retrieve which letter stands next to the answer it knows; the classic format scores the answer text itself. The tour switches off the heads that carry the letter (the model card&apos;s measured one, or else the Gather and Aggregate heads) and scores both formats: where the letter falls while the classic answer holds, MMLU&apos;s difficulty is retrieval, not knowledge.</source>
        <translation>MMLU 要求给出正确选项的字母，因此模型必须检索出它已知的答案旁边是哪个字母；经典格式则直接对答案文本评分。导览会关闭承载字母的头（模型卡中测得的那个头，否则为 Gather 头和 Aggregate 头），并按两种格式评分：若字母格式下降而经典格式保持不变，则 MMLU 的难点在于检索，而非知识。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="221"/>
        <source>Aggregate head &lt;b&gt;%1&lt;/b&gt;: the final position puts %2 of its attention on the line ends. Probability of the correct value as the next token (the chart&apos;s top bar, ★ %5): &lt;b&gt;%3&lt;/b&gt;; among the dictionary&apos;s values only (the task&apos;s score): %4.</source>
        <translation>Aggregate 头 &lt;b&gt;%1&lt;/b&gt;：最后一个位置把 %2 的注意力放在各行末尾。正确值作为下一个词元的概率（图表最上方的条，★ %5）：&lt;b&gt;%3&lt;/b&gt;；仅在字典的值之中（任务的得分）：%4。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="245"/>
        <source>drops from %1 to %2</source>
        <translation>从 %1 降至 %2</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="246"/>
        <source>rises from %1 to %2</source>
        <translation>从 %1 升至 %2</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="247"/>
        <source>stays about the same (%1, then %2)</source>
        <translation>基本不变（%1，之后 %2）</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="251"/>
        <source>With &lt;b&gt;%1&lt;/b&gt; off, the probability of the correct value as the next token (the chart&apos;s top bar, ★ %2) %3. Among the dictionary&apos;s values only (the task&apos;s score), it %4.</source>
        <translation>关闭 &lt;b&gt;%1&lt;/b&gt; 后，正确值作为下一个词元的概率（图表最上方的条，★ %2）%3。仅在字典的值之中（任务的得分），它%4。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="261"/>
        <source>It does not drop: in this model retrieval does not run through this head alone (try switching off the next ones on the board).</source>
        <translation>概率没有下降：在此模型中，检索并不只经过这一个头（可尝试关闭头面板上排在其后的头）。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="354"/>
        <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 and %4 off (the model card&apos;s top two of the head ranking).</source>
        <translation>来自 %2 的 %1 道题，每题四个选项，按两种格式评分。显示所有头开启时以及关闭 %3 和 %4 时的答对比例（模型卡中注意力头排序的前两名）。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="361"/>
        <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 off (the model card&apos;s retrieval-versus-knowledge head).</source>
        <translation>来自 %2 的 %1 道题，每题四个选项，按两种格式评分。显示所有头开启时以及关闭 %3 时的答对比例（模型卡中区分检索与知识的那个头）。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="368"/>
        <source>%1 questions from %2, each with four options, scored in both formats. Share answered right with all heads on and with %3 and %4 off.</source>
        <translation>来自 %2 的 %1 道题，每题四个选项，按两种格式评分。显示所有头开启时以及关闭 %3 和 %4 时的答对比例。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="375"/>
        <source>The prompt shown is the question whose correct letter loses the most probability with the heads off; its correct answer is %1.</source>
        <translation>所显示的提示是关闭这些头后正确字母概率下降最多的题目；其正确答案是 %1。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="379"/>
        <source>With the heads off no question&apos;s correct letter loses probability; the prompt shown is the one that comes closest (its correct answer is %1).</source>
        <translation>关闭这些头后，没有任何题目的正确字母概率下降；所显示的提示是最接近下降的那道题（其正确答案是 %1）。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="492"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="495"/>
        <source>No MMLU-format questions: %1</source>
        <translation>没有 MMLU 格式的问题：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="496"/>
        <source>Probability of the right answer (value %1 on the dictionary prompt; mean over MMLU-format questions on the invented facts):</source>
        <translation>正确答案的概率（字典提示中的值 %1；虚构事实的 MMLU 格式问题的平均值）：</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="474"/>
        <source>MMLU, attention off</source>
        <translation>MMLU，关闭注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="473"/>
        <source>MMLU: correct letter</source>
        <translation>MMLU：正确的字母</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="471"/>
        <source>KV: correct value</source>
        <translation>KV：正确的值</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="29"/>
        <source>Guided tour</source>
        <translation>导览</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="36"/>
        <source>Running the prompt on the other demo models… (%1 of %2)</source>
        <translation>正在其他演示模型上运行提示……（第 %1 个，共 %2 个）</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="63"/>
        <source>&amp;Back</source>
        <translation>上一步(&amp;B)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="64"/>
        <location filename="../app/studio/guided_tour.cpp" line="129"/>
        <source>&amp;Next</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="65"/>
        <source>&amp;Leave tour</source>
        <translation>退出导览(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="66"/>
        <source>The previous step (Alt+Left)</source>
        <translation>上一步 (Alt+左方向键)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="67"/>
        <source>The next step (Alt+Right)</source>
        <translation>下一步 (Alt+右方向键)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="68"/>
        <source>Close the tour and keep everything as it is; reopen it from Help ▸ Guided tour (F1)</source>
        <translation>关闭导览并保持当前所有状态；可从 帮助 ▸ 导览 重新打开 (F1)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="127"/>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="127"/>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="129"/>
        <source>&amp;Finish</source>
        <translation>完成(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="155"/>
        <source>Another model was opened before this step ran: press Next again.</source>
        <translation>此步骤运行前打开了另一个模型：请再次点击“下一步”。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="178"/>
        <source>The model could not be loaded.</source>
        <translation>无法加载模型。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="184"/>
        <source>No model is open and the demo model is not bundled in this build. Open a model (File ▸ Open model), then press Next again.</source>
        <translation>没有打开的模型，且此版本未附带演示模型。请先打开一个模型（文件 ▸ 打开模型），然后再次点击“下一步”。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="186"/>
        <source>Loading the demo model…</source>
        <translation>正在加载演示模型…</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="190"/>
        <source>The demo model could not be loaded.</source>
        <translation>无法加载演示模型。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="204"/>
        <source>Tour: restore heads</source>
        <translation>导览：恢复注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="205"/>
        <source>Tour: switch heads off</source>
        <translation>导览：关闭注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="302"/>
        <source>precomputed in %1</source>
        <translation>预先计算于 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="310"/>
        <source>Another experiment is running: wait for it or cancel it, then press Next again.</source>
        <translation>另一个实验正在运行：请等待其结束或取消它，然后再次点击“下一步”。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="311"/>
        <source>Ranking the heads: every head is switched off alone on 8 KV-retrieval prompts…</source>
        <translation>正在为注意力头排序：在 8 个 KV 检索提示上逐个单独关闭每个头…</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="328"/>
        <source>computed now on 8 KV-retrieval prompts (Experiments dock)</source>
        <translation>刚刚在 8 个 KV 检索提示上计算（实验面板）</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="330"/>
        <source>The head ranking found fewer than two heads.</source>
        <translation>注意力头排序找到的头少于两个。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="340"/>
        <source>The head ranking was cancelled.</source>
        <translation>注意力头排序已取消。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour.cpp" line="375"/>
        <source>Could not pick a Gather and an Aggregate head.</source>
        <translation>无法选出 Gather 头和 Aggregate 头。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="120"/>
        <source>A guided tour of Gather &amp; Aggregate</source>
        <translation>Gather &amp; Aggregate 导览</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="121"/>
        <source>The task: retrieve a value from a dictionary</source>
        <translation>任务：从字典中检索一个值</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="122"/>
        <source>The head board, coloured by the head ranking</source>
        <translation>按注意力头排序着色的头面板</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="123"/>
        <source>The Gather head</source>
        <translation>Gather 头</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="124"/>
        <source>The Aggregate head</source>
        <translation>Aggregate 头</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="125"/>
        <source>Switch off the Aggregate head</source>
        <translation>关闭 Aggregate 头</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="126"/>
        <source>MMLU format versus classic format</source>
        <translation>MMLU 格式与经典格式</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="127"/>
        <source>Transformer, SSM and hybrid</source>
        <translation>Transformer、SSM 与混合模型</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="41"/>
        <source>This tour shows, live, the few attention heads that let a language model retrieve from its context. Each step sets up the window for you: press Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back.</source>
        <translation>本导览实时展示让语言模型从上下文中检索信息的少数几个注意力头。每一步都会为您设置好窗口：点击“下一步”继续，“上一步”返回，或点击“退出导览”以保持当前状态继续探索。可通过 帮助 ▸ 导览 重新打开。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="44"/>
        <source>The prompt lists a dictionary of key:value pairs and asks for the value of one key, so the model can only answer by retrieving it from its context. The chart next to the head board shows the probability of each candidate value as the next token.</source>
        <translation>提示列出一个由 键:值 对组成的字典，并询问其中一个键的值，因此模型只能通过从上下文中检索来作答。头面板旁边的图表显示每个候选值作为下一个词元的概率。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="47"/>
        <source>Every cell is one attention head (rows: layers, columns: heads). Each head was switched off alone and the retrieval score measured again; the colour shows how much the score dropped. A few heads matter far more than all the others.</source>
        <translation>每个格子是一个注意力头（行：层，列：头）。每个头都被单独关闭并重新测量检索得分；颜色表示得分下降了多少。少数几个头远比其他所有头重要。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="50"/>
        <source>A Gather head condenses each segment of the prompt into its summary token: from the end of every line it attends back over that line. The left map shows this head, chosen among the top-ranked heads by where its attention goes.</source>
        <translation>Gather 头把提示中的每个片段浓缩到其摘要词元中：从每行的末尾回看该行。左侧的图显示该头，它是根据注意力的去向从排名靠前的头中选出的。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="53"/>
        <source>An Aggregate head reads those summaries: from the final position it attends to the line ends and carries the retrieved value to the output. The right map shows this head; its last row is the final position.</source>
        <translation>Aggregate 头读取这些摘要：从最后一个位置关注各行末尾，并把检索到的值带到输出。右侧的图显示该头；其最后一行就是最后一个位置。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="56"/>
        <source>The tour has switched the Aggregate head off on the head board, just as a click does (Edit ▸ Undo brings it back). Compare the probability of the correct value with the previous step.</source>
        <translation>导览已在头面板上关闭了 Aggregate 头，与点击的效果相同（编辑 ▸ 撤销 可恢复）。请将正确值的概率与上一步进行比较。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="63"/>
        <source>The same dictionary prompt on the bundled SSM and hybrid demo models. An SSM has to squeeze the dictionary into a fixed-size state and approximates the Gather and Aggregate heads weakly; a hybrid keeps a few attention layers and retrieves through attention again.</source>
        <translation>在附带的 SSM 和混合演示模型上运行同一个字典提示。SSM 必须把字典压缩进固定大小的状态中，只能粗略地近似 Gather 和 Aggregate 头；混合模型保留了少数注意力层，又能通过注意力进行检索。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="155"/>
        <source>The correct value is &lt;b&gt;%1&lt;/b&gt;. Scored as the task does (each value as a continuation), the model gives it a probability of &lt;b&gt;%2&lt;/b&gt; among the %3 values in the dictionary; a guess would give %4.</source>
        <translation>正确的值是 &lt;b&gt;%1&lt;/b&gt;。按任务的方式打分（把每个值作为续写），模型在字典的 %3 个值中给它的概率为 &lt;b&gt;%2&lt;/b&gt;；随机猜测的概率为 %4。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="176"/>
        <source>Ranking %1. Most important: %2.</source>
        <translation>排序%1。最重要的：%2。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="203"/>
        <source>Gather head &lt;b&gt;%1&lt;/b&gt;: the line ends put %2 of their attention on their own line.</source>
        <translation>Gather 头 &lt;b&gt;%1&lt;/b&gt;：各行末尾把 %2 的注意力放在自己所在的行上。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="69"/>
        <source>This tour shows, live, the few heads that let a language model retrieve from its context. This model is a state-space model without attention: its heads are SSM heads, and what each one reads from earlier tokens is shown as its hidden attention. Each step sets up the window for you: press Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back.</source>
        <translation>本导览实时展示让语言模型从上下文中检索信息的少数几个头。此模型是没有注意力的状态空间模型：它的头都是 SSM 头，每个头从先前词元中读取的内容以其隐藏注意力的形式显示。每一步都会为您设置好窗口：点击“下一步”继续，“上一步”返回，或点击“退出导览”以保持当前状态继续探索。可通过 帮助 ▸ 导览 重新打开。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="75"/>
        <source>Every cell is one SSM head (rows: layers, columns: heads). Each head was switched off alone and the retrieval score measured again; the colour shows how much the score dropped. A few heads matter far more than all the others.</source>
        <translation>每个格子是一个 SSM 头（行：层，列：头）。每个头都被单独关闭并重新测量检索得分；颜色表示得分下降了多少。少数几个头远比其他所有头重要。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="79"/>
        <source>A Gather head condenses each segment of the prompt into its summary token: from the end of every line it reads back over that line. An SSM head has no attention weights: the left map shows its hidden attention, the weight its state-space recurrence gives each earlier token. This head was chosen among the top-ranked heads by where that weight goes.</source>
        <translation>Gather 头把提示中的每个片段浓缩到其摘要词元中：从每行的末尾回读该行。SSM 头没有注意力权重：左侧的图显示它的隐藏注意力，即其状态空间递推赋予每个先前词元的权重。该头是根据这一权重的去向从排名靠前的头中选出的。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="83"/>
        <source>An Aggregate head reads those summaries: from the final position it reads the line ends and carries the retrieved value to the output. The right map shows this SSM head&apos;s hidden attention; its last row is the final position.</source>
        <translation>Aggregate 头读取这些摘要：从最后一个位置读取各行末尾，并把检索到的值带到输出。右侧的图显示该 SSM 头的隐藏注意力；其最后一行就是最后一个位置。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="91"/>
        <source>This tour shows, live, the few heads that let a language model retrieve from its context. This hybrid model has attention heads and SSM heads; what an SSM head reads from earlier tokens is shown as its hidden attention. Each step sets up the window for you: press Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back.</source>
        <translation>本导览实时展示让语言模型从上下文中检索信息的少数几个头。此混合模型既有注意力头也有 SSM 头；SSM 头从先前词元中读取的内容以其隐藏注意力的形式显示。每一步都会为您设置好窗口：点击“下一步”继续，“上一步”返回，或点击“退出导览”以保持当前状态继续探索。可通过 帮助 ▸ 导览 重新打开。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="97"/>
        <source>Every cell is one head (rows: layers; columns: the attention heads H, then the SSM heads S). Each head was switched off alone and the retrieval score measured again; the colour shows how much the score dropped. A few heads matter far more than all the others.</source>
        <translation>每个格子是一个头（行：层；列：先是注意力头 H，然后是 SSM 头 S）。每个头都被单独关闭并重新测量检索得分；颜色表示得分下降了多少。少数几个头远比其他所有头重要。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="100"/>
        <source>A Gather head condenses each segment of the prompt into its summary token: from the end of every line it attends back over that line. The left map shows this head, chosen among the top-ranked heads by where its attention goes (for an SSM head, its hidden attention: the weight its state-space recurrence gives each earlier token).</source>
        <translation>Gather 头把提示中的每个片段浓缩到其摘要词元中：从每行的末尾回看该行。左侧的图显示该头，它是根据注意力的去向从排名靠前的头中选出的（对于 SSM 头，则是其隐藏注意力：其状态空间递推赋予每个先前词元的权重）。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="104"/>
        <source>An Aggregate head reads those summaries: from the final position it attends to the line ends and carries the retrieved value to the output. The right map shows this head (for an SSM head, its hidden attention); its last row is the final position.</source>
        <translation>Aggregate 头读取这些摘要：从最后一个位置关注各行末尾，并把检索到的值带到输出。右侧的图显示该头（对于 SSM 头，则是其隐藏注意力）；其最后一行就是最后一个位置。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="202"/>
        <source>Gather head &lt;b&gt;%1&lt;/b&gt;: the line ends put %2 of their hidden attention on their own line.</source>
        <translation>Gather 头 &lt;b&gt;%1&lt;/b&gt;：各行末尾把 %2 的隐藏注意力放在自己所在的行上。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="217"/>
        <source>Aggregate head &lt;b&gt;%1&lt;/b&gt;: the final position puts %2 of its hidden attention on the line ends. Probability of the correct value as the next token (the chart&apos;s top bar, ★ %5): &lt;b&gt;%3&lt;/b&gt;; among the dictionary&apos;s values only (the task&apos;s score): %4.</source>
        <translation>Aggregate 头 &lt;b&gt;%1&lt;/b&gt;：最后一个位置把 %2 的隐藏注意力放在各行末尾。正确值作为下一个词元的概率（图表最上方的条，★ %5）：&lt;b&gt;%3&lt;/b&gt;；仅在字典的值之中（任务的得分）：%4。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="387"/>
        <source>In the chart (this question, heads off) the correct letter %1 (bar ★ %1) is still the most likely.</source>
        <translation>图表中（本题，关闭这些头），正确字母 %1（条 ★ %1）仍是可能性最大的。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="390"/>
        <source>In the chart (this question, heads off) the model&apos;s most likely letter is %1, not the correct %2 (bar ★ %2).</source>
        <translation>图表中（本题，关闭这些头），模型最可能的字母是 %1，而不是正确的 %2（条 ★ %2）。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="396"/>
        <source>drops</source>
        <translation>下降</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="397"/>
        <source>rises</source>
        <translation>上升</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="398"/>
        <source>stays at %1</source>
        <translation>保持在 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="399"/>
        <source>holds</source>
        <translation>保持不变</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="401"/>
        <source>With the heads off the letter format %1 and the classic format %2.</source>
        <translation>关闭这些头后，字母格式%1，经典格式%2。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="406"/>
        <source>Here MMLU&apos;s difficulty is retrieval, not knowledge.</source>
        <translation>在这里，MMLU 的难点在于检索，而非知识。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="407"/>
        <source>Here the two formats do not come apart: in this model these heads do not carry the letter alone.</source>
        <translation>在这里，两种格式没有拉开差距：在此模型中，这些头并不单独承载字母。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="411"/>
        <source>all heads</source>
        <translation>全部头</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="411"/>
        <source>G&amp;A off</source>
        <translation>关闭 G&amp;A</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="412"/>
        <source>MMLU format (letter)</source>
        <translation>MMLU 格式（字母）</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="413"/>
        <source>classic format (answer text)</source>
        <translation>经典格式（答案文本）</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="431"/>
        <source>SSM</source>
        <translation>SSM</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="431"/>
        <source>hybrid</source>
        <translation>混合模型</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="435"/>
        <source>The SSM and hybrid demo models are not bundled in this build, so this step is skipped. Everything the tour set up stays as it is: keep exploring, or press Finish.</source>
        <translation>此版本未附带 SSM 和混合演示模型，因此跳过此步骤。导览所设置的一切保持不变：继续探索，或点击“完成”。</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="446"/>
        <source>open model (%1)</source>
        <translation>已打开的模型（%1）</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="448"/>
        <source>Running the prompt on the other demo models…</source>
        <translation>正在其他演示模型上运行该提示…</translation>
    </message>
    <message>
        <location filename="../app/studio/guided_tour_steps.cpp" line="482"/>
        <source>could not load</source>
        <translation>无法加载</translation>
    </message>
    <message>
        <location filename="../app/studio/tour_steps.cpp" line="346"/>
        <source>the demo model&apos;s invented world</source>
        <translation>演示模型虚构的世界</translation>
    </message>
    <message>
        <location filename="../app/studio/tour_steps.cpp" line="355"/>
        <source>the bundled MMLU sample</source>
        <translation>附带的 MMLU 样例</translation>
    </message>
</context>
<context>
    <name>gna::studio::KvMapPanel</name>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="58"/>
        <source>Dictionary sizes (key:value lines), comma-separated, 1 to 100</source>
        <translation>字典大小（键:值 行数），以逗号分隔，1 到 100</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="61"/>
        <source>Where the asked key stands in the dictionary, in percent: 0 = first line, 100 = last line</source>
        <translation>所查询的键在字典中的位置（百分比）：0 = 第一行，100 = 最后一行</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="66"/>
        <source>e.g. L2.H2, L1.H3 (SSM heads: L1.S2)</source>
        <translation>例如 L2.H2, L1.H3（SSM 头：L1.S2）</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="68"/>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="69"/>
        <source>Probability of the right value</source>
        <translation>正确值的概率</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="70"/>
        <source>&amp;Compare all heads with these heads off</source>
        <translation>对比所有头与关闭这些头后的结果(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="71"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="72"/>
        <source>Export fi&amp;gure set…</source>
        <translation>导出图表集(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="75"/>
        <source>Open a model to draw its KV-retrieval map.</source>
        <translation>请打开模型以绘制其 KV 检索图。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="81"/>
        <source>Dictionary &amp;sizes:</source>
        <translation>字典大小(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="82"/>
        <source>&amp;Depths of the asked key (%):</source>
        <translation>所查询键的深度(&amp;D)（%）：</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="83"/>
        <source>Sa&amp;mples per cell:</source>
        <translation>每格样本数(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="84"/>
        <source>He&amp;ads off:</source>
        <translation>关闭的头(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="85"/>
        <source>Co&amp;lour:</source>
        <translation>颜色(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="107"/>
        <source>Export the KV-retrieval maps into folder</source>
        <translation>将 KV 检索图导出到文件夹</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/kv_map_panel.cpp" line="111"/>
        <source>Wrote %n file(s)</source>
        <translation>
            <numerusform>已写入 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="134"/>
        <source>Click “%1” to fill this map</source>
        <translation>点击“%1”以填充此图</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="138"/>
        <source>Each cell asks the key at that depth of the same dictionaries, scored as the KV-retrieval task scores (each value of the dictionary as a continuation).</source>
        <translation>每个单元格在相同的字典中询问位于该深度的键，按 KV 检索任务的方式打分（把字典中的每个值作为续写）。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="154"/>
        <location filename="../app/studio/kv_map_panel.cpp" line="232"/>
        <source>Open a model first.</source>
        <translation>请先打开模型。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="159"/>
        <source>Dictionary sizes: &apos;%1&apos; is not a number; give whole numbers such as 4, 8, 16.</source>
        <translation>字典大小：“%1”不是数字；请给出整数，例如 4, 8, 16。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="161"/>
        <source>Depths: &apos;%1&apos; is not a number; give percentages such as 0, 50, 100.</source>
        <translation>深度：“%1”不是数字；请给出百分比，例如 0, 50, 100。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="167"/>
        <source>Heads off: &apos;%1&apos; is not a head of this model; write L&lt;layer&gt;.H&lt;head&gt; for attention heads, L&lt;layer&gt;.S&lt;head&gt; for SSM heads.</source>
        <translation>关闭的头：“%1”不是此模型的头；注意力头写作 L&lt;层&gt;.H&lt;头&gt;，SSM 头写作 L&lt;层&gt;.S&lt;头&gt;。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="173"/>
        <source>Heads off: name the heads to switch off, e.g. the Gather and Aggregate heads.</source>
        <translation>关闭的头：请指定要关闭的头，例如 Gather 头和 Aggregate 头。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="188"/>
        <source>Computing the KV-retrieval map with all heads and with %1 off…</source>
        <translation>正在计算所有头开启时以及关闭 %1 时的 KV 检索图…</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="213"/>
        <source>Cancelled; the maps show the last finished run.</source>
        <translation>已取消；图中显示的是上一次完成的运行。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="221"/>
        <source>Left: every head on. Right: %1 off. Hover a cell for its value.</source>
        <translation>左：所有头开启。右：关闭 %1。将鼠标悬停在单元格上可查看其值。</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="254"/>
        <source>All heads</source>
        <translation>所有头</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="255"/>
        <source>%1 off</source>
        <translation>关闭 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/kv_map_panel.cpp" line="260"/>
        <source>Compute the maps first.</source>
        <translation>请先计算检索图。</translation>
    </message>
</context>
<context>
    <name>gna::studio::MainWindow</name>
    <message>
        <location filename="../app/studio/main_window.cpp" line="493"/>
        <source>Loaded %1: %2 layers × %3 SSM heads</source>
        <translation>已加载 %1：%2 层 × %3 个 SSM 头</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="101"/>
        <source>No CUDA device: this build or this machine has none</source>
        <translation>没有 CUDA 设备：此版本或此计算机不支持</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="97"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="58"/>
        <source>&amp;Save workspace</source>
        <translation>保存工作区(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="61"/>
        <source>Save workspace &amp;as…</source>
        <translation>工作区另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="97"/>
        <source>CUDA (GPU)</source>
        <translation>CUDA（GPU）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="114"/>
        <source>Compute in &amp;bf16</source>
        <translation>以 &amp;bf16 计算</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="119"/>
        <source>Half the memory of f32; results deviate from f32 by bf16 rounding</source>
        <translation>内存为 f32 的一半；结果与 f32 相差 bf16 的舍入误差</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="120"/>
        <source>This CPU has no bf16 instructions (AVX512-BF16 or AMX): bf16 would be several times slower than f32 here</source>
        <translation>此 CPU 没有 bf16 指令（AVX512-BF16 或 AMX）：在这里 bf16 会比 f32 慢数倍</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="93"/>
        <source>&amp;Device</source>
        <translation>设备(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="80"/>
        <source>Loading cancelled</source>
        <translation>已取消加载</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="75"/>
        <source>Loading %p%</source>
        <translation>正在加载 %p%</translation>
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
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="86"/>
        <source>Could not load the model</source>
        <translation>无法加载模型</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="88"/>
        <source>Could not load %1</source>
        <translation>无法加载 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="101"/>
        <source>Run cancelled</source>
        <translation>运行已取消</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="189"/>
        <source>Restore a&amp;ll</source>
        <translation>全部恢复(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="241"/>
        <source>Aggrega&amp;te head:</source>
        <translation>Aggregate 头(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="376"/>
        <source>Stop the run or the load (Esc)</source>
        <translation>停止运行或加载 (Esc)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="557"/>
        <source>Tick “Compare with the unablated run” to see what the ablation changes</source>
        <translation>勾选“与未消融的运行比较”以查看消融带来的变化</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="174"/>
        <source>No colouring</source>
        <translation>不着色</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="99"/>
        <source>Run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="174"/>
        <source>Entropy of the last row</source>
        <translation>最后一行的熵</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="174"/>
        <source>Max weight of the last row</source>
        <translation>最后一行的最大权重</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="175"/>
        <source>Attention to the selected token</source>
        <translation>对所选词元的注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="184"/>
        <source>C&amp;olour heads by:</source>
        <translation>注意力头着色依据(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="188"/>
        <source>&amp;Invert</source>
        <translation>反转(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="214"/>
        <source>Ever&amp;y head</source>
        <translation>所有头(&amp;Y)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="217"/>
        <source>Show every head at once in small cells (their values on hover); + or Ctrl+wheel on the board zooms into a region, − back out</source>
        <translation>以小单元格同时显示所有头（悬停显示数值）；在面板上按 + 或 Ctrl+滚轮放大某一区域，按 − 缩小回来</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="235"/>
        <source>Compare with the unablated run</source>
        <translation>与未消融的运行比较</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="239"/>
        <source>&amp;Gather head:</source>
        <translation>Gather 头(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="245"/>
        <source>A head as L&lt;layer&gt;.H&lt;head&gt;, e.g. L17.H24; double-click a head on the board to show it</source>
        <translation>注意力头写作 L&lt;层&gt;.H&lt;头&gt;，例如 L17.H24；在头面板上双击某个头即可显示</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="255"/>
        <location filename="../app/studio/main_window.cpp" line="602"/>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="256"/>
        <source>Difference (ablated − unablated)</source>
        <translation>差异（消融 − 未消融）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="354"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="375"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="48"/>
        <source>“%1” is not a head name: write L&lt;layer&gt;.H&lt;head&gt; (attention) or L&lt;layer&gt;.S&lt;head&gt; (SSM), e.g. L1.H3</source>
        <translation>“%1”不是头的名称：请写 L&lt;层&gt;.H&lt;头&gt;（注意力）或 L&lt;层&gt;.S&lt;头&gt;（SSM），例如 L1.H3</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="54"/>
        <source>The model has no %1: its layers are L0 to L%2</source>
        <translation>模型没有 %1：它的层是 L0 到 L%2</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="58"/>
        <source>The model has no %1: layer %2 has no SSM heads</source>
        <translation>模型没有 %1：第 %2 层没有 SSM 头</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="59"/>
        <source>The model has no %1: layer %2 has no attention heads</source>
        <translation>模型没有 %1：第 %2 层没有注意力头</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="61"/>
        <source>The model has no %1: the SSM heads of layer %2 are S0 to S%3</source>
        <translation>模型没有 %1：第 %2 层的 SSM 头是 S0 到 S%3</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="62"/>
        <source>The model has no %1: the heads of layer %2 are H0 to H%3</source>
        <translation>模型没有 %1：第 %2 层的头是 H0 到 H%3</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="122"/>
        <source>No head is ablated, so both runs are the same. Click a head on the board to switch it off.</source>
        <translation>没有消融任何头，因此两次运行结果相同。点击头面板上的某个头即可将其关闭。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="136"/>
        <source>The ablated heads do not change these maps: both runs give the same weights (a head changes only the layers after its own).</source>
        <translation>已消融的头不会改变这些图：两次运行得到相同的权重（一个头只影响其所在层之后的层）。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="144"/>
        <source>Gather %1: ablated − unablated</source>
        <translation>Gather %1：消融 − 未消融</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="145"/>
        <source>Aggregate %1: ablated − unablated</source>
        <translation>Aggregate %1：消融 − 未消融</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="147"/>
        <source>Gather %1: unchanged by the ablation</source>
        <translation>Gather %1：消融后无变化</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_maps.cpp" line="148"/>
        <source>Aggregate %1: unchanged by the ablation</source>
        <translation>Aggregate %1：消融后无变化</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="556"/>
        <location filename="../app/studio/main_window_maps.cpp" line="102"/>
        <source>Type a prompt to see the attention maps</source>
        <translation>输入提示以查看注意力图</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="487"/>
        <source>Loaded %1: %2 layers, up to %3 attention heads (H) and %4 SSM heads (S) per layer</source>
        <translation>已加载 %1：%2 层，每层最多 %3 个注意力头（H）和 %4 个 SSM 头（S）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="42"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="43"/>
        <source>&amp;Open model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="45"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="52"/>
        <source>Open &amp;workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="53"/>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="54"/>
        <source>Workspaces (*.gna.json *.json)</source>
        <translation>工作区 (*.gna.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="56"/>
        <location filename="../app/studio/main_window_startup.cpp" line="34"/>
        <source>Could not open the workspace</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="126"/>
        <source>The workspace</source>
        <translation>该工作区</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="126"/>
        <source>The workspace %1</source>
        <translation>工作区 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="128"/>
        <source>Some heads of the workspace were not switched off</source>
        <translation>工作区中的部分头未被关闭</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="129"/>
        <source>%1 lists heads to switch off (its plan, key &quot;ablate&quot;) that this model cannot switch off:</source>
        <translation>%1 列出了要关闭的头（其计划，键 &quot;ablate&quot;），但此模型无法关闭它们：</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="131"/>
        <source>No head is switched off. Switch heads off on the head board and save the workspace again to correct it.</source>
        <translation>没有关闭任何头。请在头面板上关闭头，然后重新保存工作区以修正它。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="133"/>
        <source>Switched off: %1. Save the workspace again to correct the file.</source>
        <translation>已关闭：%1。重新保存工作区以修正该文件。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="155"/>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="156"/>
        <source>Workspaces (*.gna.json)</source>
        <translation>工作区 (*.gna.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="162"/>
        <source>Could not save the workspace</source>
        <translation>无法保存工作区</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="165"/>
        <source>Saved the workspace %1</source>
        <translation>已保存工作区 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="177"/>
        <source>Save the changes?</source>
        <translation>保存更改？</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="178"/>
        <source>This session (its switched-off heads, prompt, shown heads and open results) is not saved in a workspace. Save it before closing?</source>
        <translation>此会话（关闭的头、提示、显示的头和打开的结果）尚未保存到工作区。关闭前保存吗？</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="180"/>
        <source>The session has changes that the workspace %1 does not hold. Save them before closing?</source>
        <translation>会话中有工作区 %1 未包含的更改。关闭前保存吗？</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="234"/>
        <source>Nothing to export yet: run a prompt first.</source>
        <translation>尚无可导出的内容：请先运行一个提示。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/main_window_workspace.cpp" line="274"/>
        <source>Wrote %n file(s) into %1</source>
        <translation>
            <numerusform>已将 %n 个文件写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="65"/>
        <source>&amp;Export figure…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="68"/>
        <source>Export figure &amp;set…</source>
        <translation>导出图表集(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="71"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="73"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="74"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="76"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="81"/>
        <source>&amp;Invert ablation</source>
        <translation>反转消融(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="82"/>
        <source>Restore &amp;all heads</source>
        <translation>恢复所有头(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="83"/>
        <source>Ablate &amp;current layer</source>
        <translation>消融当前层(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="86"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="87"/>
        <source>&amp;Run now</source>
        <translation>立即运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="90"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="147"/>
        <source>&amp;KV-retrieval map…</source>
        <translation>KV 检索图(&amp;K)…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="152"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="159"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="162"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="162"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="162"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="172"/>
        <source>Colour &amp;palette</source>
        <translation>配色方案(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="184"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="196"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="210"/>
        <source>No model loaded. Open one with %1 (%2) or drop a model folder here</source>
        <translation>未加载模型。请通过 %1 (%2) 打开模型，或将模型文件夹拖放到此处</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="215"/>
        <source>%1, or open a bundled demo from %2.</source>
        <translation>%1，或从 %2 打开内置的演示模型。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="218"/>
        <source>&amp;About G&amp;&amp;A Studio</source>
        <translation>关于 G&amp;&amp;A Studio(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="219"/>
        <source>About G&amp;A Studio</source>
        <translation>关于 G&amp;A Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="220"/>
        <source>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;Find, see and test the attention heads that carry in-context retrieval (Gather &amp;amp; Aggregate).</source>
        <translation>&lt;b&gt;G&amp;amp;A Studio&lt;/b&gt; %1&lt;br&gt;查找、观察并测试承担上下文检索的注意力头（Gather &amp;amp; Aggregate）。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="225"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="495"/>
        <source>Loaded %1: %2 layers × %3 heads</source>
        <translation>已加载 %1：%2 层 × %3 个头</translation>
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
            <numerusform>%n 个词元，已消融 %1 个头，%2 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="559"/>
        <source>Type a prompt to see the next-token probabilities</source>
        <translation>输入提示以查看下一个词元的概率</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="569"/>
        <source>No head ranking yet: run one in the Experiments dock (Head ranking) or open its result.json, and the board shows each head&apos;s importance.</source>
        <translation>尚无头排名：在实验面板中运行一次（头排名）或打开其 result.json，面板即会显示每个头的重要性。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="575"/>
        <source>Head board: importance from the model card: the drop in KV-retrieval accuracy when each head alone is switched off</source>
        <translation>头面板：来自模型卡的重要性：单独关闭每个头时 KV 检索准确率的下降</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="600"/>
        <source>Attention / hidden attention</source>
        <translation>注意力 / 隐藏注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="601"/>
        <source>Hidden attention</source>
        <translation>隐藏注意力</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="91"/>
        <source>The workspace&apos;s model runs on the server %1, and this build has no remote engine.</source>
        <translation>工作区的模型运行在服务器 %1 上，而此版本没有远程引擎。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="272"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="175"/>
        <source>Importance (head ranking result)</source>
        <translation>重要性（注意力头排序结果）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="176"/>
        <source>Gather score (line ends → their own line)</source>
        <translation>Gather 得分（行尾 → 其所在行）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="177"/>
        <source>Aggregate score (last token → line ends)</source>
        <translation>Aggregate 得分（最后一个词元 → 行尾）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="178"/>
        <source>Duplicate-token score (earlier copies of the token)</source>
        <translation>重复词元得分（该词元的先前副本）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window.cpp" line="179"/>
        <source>Induction score (the token after an earlier copy)</source>
        <translation>归纳得分（先前副本之后的词元）</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="132"/>
        <source>E&amp;xperiments</source>
        <translation>实验(&amp;X)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="137"/>
        <source>&amp;Open result…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="138"/>
        <source>Open experiment result</source>
        <translation>打开实验结果</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="139"/>
        <source>Results (result.json *.json)</source>
        <translation>结果 (result.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="141"/>
        <location filename="../app/studio/main_window_startup.cpp" line="32"/>
        <source>Could not open the result</source>
        <translation>无法打开结果</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="143"/>
        <source>G&amp;&amp;A &amp;mask editor (MMLU)…</source>
        <translation>G&amp;&amp;A 掩码编辑器(&amp;M)（MMLU）…</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="43"/>
        <source>G&amp;&amp;A mask editor</source>
        <translation>G&amp;&amp;A 掩码编辑器</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="53"/>
        <source>KV-retrieval map</source>
        <translation>KV 检索图</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="106"/>
        <source>Head board: %1 of %2 top heads verified exactly; the others hatched, by attribution estimate</source>
        <translation>头面板：前 %2 个头中已精确验证 %1 个；其余以斜线显示，按归因估计</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="111"/>
        <source>Head board coloured by importance from the head ranking</source>
        <translation>注意力头面板已按排序结果的重要性着色</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="146"/>
        <source>No model is open</source>
        <translation>未打开模型</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="146"/>
        <source>Open the model of this result to see the prompt&apos;s attention.</source>
        <translation>请打开该结果对应的模型，以查看提示的注意力。</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="148"/>
        <source>Note: this result was computed with another model than the open one</source>
        <translation>注意：此结果是用与当前打开的模型不同的模型计算的</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="159"/>
        <location filename="../app/studio/main_window_experiments.cpp" line="177"/>
        <source>Could not rebuild the prompt</source>
        <translation>无法重建提示</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_experiments.cpp" line="181"/>
        <source>Opened the prompt %1</source>
        <translation>已打开提示 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="59"/>
        <source>Restore the last session?</source>
        <translation>恢复上次会话？</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/main_window_startup.cpp" line="60"/>
        <source>G&amp;A Studio did not close cleanly last time. Restore the autosaved session (model %1, %n ablated head(s))?</source>
        <translation>
            <numerusform>G&amp;A Studio 上次未正常关闭。是否恢复自动保存的会话（模型 %1，%n 个已消融的头）？</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="65"/>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="66"/>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_startup.cpp" line="71"/>
        <source>Could not restore the session</source>
        <translation>无法恢复会话</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="197"/>
        <source>&amp;Guided tour</source>
        <translation>导览(&amp;G)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="198"/>
        <source>Open &amp;demo model</source>
        <translation>打开演示模型(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="199"/>
        <source>&amp;Transformer</source>
        <translation>Transformer(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="200"/>
        <source>&amp;SSM (Mamba)</source>
        <translation>SSM (Mamba)(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="201"/>
        <source>&amp;Hybrid</source>
        <translation>混合模型(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_menus.cpp" line="206"/>
        <source>Not bundled in this build</source>
        <translation>此版本未附带</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_workspace.cpp" line="66"/>
        <source>Could not open an experiment result of the workspace</source>
        <translation>无法打开工作区中的实验结果</translation>
    </message>
    <message>
        <location filename="../app/studio/main_window_docks.cpp" line="56"/>
        <source>“%1” takes the whole window; %2 or its close button shows the main view again</source>
        <translation>“%1”占据整个窗口；按 %2 或点击其关闭按钮可重新显示主视图</translation>
    </message>
</context>
<context>
    <name>gna::studio::MaskPanel</name>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="60"/>
        <source>With the mask</source>
        <translation>有掩码</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="60"/>
        <source>With the mask (correct answer)</source>
        <translation>有掩码（正确答案）</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="60"/>
        <source>Without the mask</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="235"/>
        <source>Run with and without the mask to fill this chart</source>
        <translation>分别在有无掩码时运行以填充此图表</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="61"/>
        <source>Run &amp;with and without the mask</source>
        <translation>分别在有无掩码时运行(&amp;W)</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="62"/>
        <source>Reset to the G&amp;&amp;A mask</source>
        <translation>重置为 G&amp;&amp;A 掩码</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="64"/>
        <location filename="../app/studio/mask_panel.cpp" line="211"/>
        <source>Open a model to edit G&amp;A masks on the bundled MMLU sample.</source>
        <translation>请打开模型，以便在内置 MMLU 样本上编辑 G&amp;A 掩码。</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="70"/>
        <source>&amp;Question:</source>
        <translation>问题(&amp;Q)：</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="143"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="73"/>
        <source>Aggregate hea&amp;d:</source>
        <translation>Aggregate 头(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="77"/>
        <source>G&amp;ather head:</source>
        <translation>Gather 头(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="80"/>
        <source>&amp;Mask rule:</source>
        <translation>掩码规则(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="96"/>
        <source>This model has no attention heads: G&amp;A masks act on attention alone.</source>
        <translation>此模型没有注意力头：G&amp;A 掩码只作用于注意力。</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="161"/>
        <source>demo world</source>
        <translation>演示世界</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/mask_panel.cpp" line="196"/>
        <source>%n MMLU-format question(s) from the demo model&apos;s invented world.</source>
        <translation>
            <numerusform>演示模型虚构世界中的 %n 道 MMLU 格式题目。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/mask_panel.cpp" line="198"/>
        <source>%n MMLU question(s) from the bundled sample.</source>
        <translation>
            <numerusform>内置样本中的 %n 道 MMLU 题目。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="233"/>
        <source>Click a token to mask or unmask it for the chosen rule (struck-through tokens are masked; a framed token is an option&apos;s summary token):</source>
        <translation>点击词元，可针对所选规则屏蔽或取消屏蔽它（带删除线的词元已被屏蔽；带边框的词元是某个选项的摘要词元）：</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="315"/>
        <source>Gather %1 at the summary token of option %2</source>
        <translation>Gather %1，位于选项 %2 的摘要词元处</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="319"/>
        <source>Aggregate %1 at the final position</source>
        <translation>Aggregate %1，位于最后位置</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="362"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="395"/>
        <source>Answer %1. Without the mask the model picks %2, with it %3.</source>
        <translation>正确答案 %1。不加掩码时模型选择 %2，加掩码时选择 %3。</translation>
    </message>
    <message>
        <location filename="../app/studio/mask_panel.cpp" line="404"/>
        <source>Open a model first.</source>
        <translation>请先打开模型。</translation>
    </message>
</context>
<context>
    <name>gna::studio::ModelInfoPanel</name>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="35"/>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="36"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="37"/>
        <source>Attention heads (query / KV)</source>
        <translation>注意力头（查询 / KV）</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="38"/>
        <source>SSM heads</source>
        <translation>SSM 头</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="39"/>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="40"/>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="41"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="42"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="43"/>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="44"/>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="45"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="46"/>
        <source>Runs on</source>
        <translation>运行于</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="65"/>
        <source>Model information</source>
        <translation>模型信息</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="108"/>
        <source>in layer %1</source>
        <translation>位于第 %1 层</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="108"/>
        <source>in layers %1</source>
        <translation>位于第 %1 层</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="117"/>
        <location filename="../app/studio/model_info_panel.cpp" line="123"/>
        <source>%1 per layer</source>
        <translation>每层 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="120"/>
        <location filename="../app/studio/model_info_panel.cpp" line="122"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="129"/>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="130"/>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <location filename="../app/studio/model_info_panel.cpp" line="134"/>
        <source>%1 (stored %2)</source>
        <translation>%1（存储为 %2）</translation>
    </message>
</context>
<context>
    <name>gna::studio::OpenModelDialog</name>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="31"/>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="35"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="46"/>
        <source>folder with config.json and *.safetensors</source>
        <translation>包含 config.json 和 *.safetensors 的文件夹</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="48"/>
        <source>optional: the model folder&apos;s own tokenizer files</source>
        <translation>可选；留空则使用模型文件夹自带的分词器文件</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="51"/>
        <source>&amp;Model folder:</source>
        <translation>模型文件夹(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="52"/>
        <source>&amp;Tokenizer folder:</source>
        <translation>分词器文件夹(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="125"/>
        <source>Memory: about %1 for %2 tokens in %3 (weights %4, KV cache and states %5, activations %6).</source>
        <translation>内存：以 %3 处理 %2 个词元约需 %1（权重 %4，KV 缓存和状态 %5，激活值 %6）。</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="132"/>
        <source>Only %1 is available: this model does not fit and will not be loaded. Choose a smaller checkpoint or free memory.</source>
        <translation>仅有 %1 可用：内存不足以容纳此模型，将不会加载。请选择更小的检查点或释放内存。</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="136"/>
        <source>%1 is available.</source>
        <translation>可用内存：%1。</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="139"/>
        <source>No memory estimate: %1</source>
        <translation>无法估算内存：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="142"/>
        <source>No memory estimate: %1 has no config.json. Choose the folder that holds config.json and the *.safetensors files.</source>
        <translation>无法估算内存：%1 中没有 config.json。请选择包含 config.json 和 *.safetensors 文件的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="49"/>
        <source>Open a model folder (config.json, *.safetensors, tokenizer)</source>
        <translation>打开模型文件夹（config.json、*.safetensors、分词器）</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="50"/>
        <source>Folder with tokenizer.json or tokenizer.model</source>
        <translation>包含 tokenizer.json 或 tokenizer.model 的文件夹</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="91"/>
        <source>The tokenizer folder holds neither tokenizer.json nor tokenizer.model.</source>
        <translation>分词器文件夹中既没有 tokenizer.json 也没有 tokenizer.model。</translation>
    </message>
    <message>
        <location filename="../app/studio/open_model_dialog.cpp" line="94"/>
        <source>This model folder has no tokenizer files, so prompts cannot be tokenized. Choose the tokenizer folder of the model family (state-spaces/mamba-* use EleutherAI/gpt-neox-20b&apos;s).</source>
        <translation>此模型文件夹没有分词器文件，因此无法对提示进行分词。请选择该模型系列的分词器文件夹（state-spaces/mamba-* 使用 EleutherAI/gpt-neox-20b 的分词器）。</translation>
    </message>
</context>
<context>
    <name>gna::studio::PromptEditor</name>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="23"/>
        <source>KV-retrieval (5 keys)</source>
        <translation>KV 检索（5 个键）</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="27"/>
        <source>MMLU-style question</source>
        <translation>MMLU 风格的问题</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="31"/>
        <source>Needle in a haystack (short)</source>
        <translation>大海捞针（短）</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="37"/>
        <source>Free text</source>
        <translation>自由文本</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="50"/>
        <source>R&amp;un</source>
        <translation>运行(&amp;U)</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="55"/>
        <source>&amp;Sample prompt:</source>
        <translation>示例提示(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="64"/>
        <source>Choose a sample…</source>
        <translation>选择示例…</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="67"/>
        <source>Type a prompt; the model reruns as you type or toggle heads.</source>
        <translation>输入提示；输入文字或切换注意力头时模型会立即重新运行。</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="69"/>
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="73"/>
        <source>Answer &amp;candidates:</source>
        <translation>候选答案(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="75"/>
        <source>comma-separated, e.g. 88, 42</source>
        <translation>以逗号分隔，例如 88, 42</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="76"/>
        <source>Each candidate is scored by the probability of its first token</source>
        <translation>每个候选答案按其第一个词元的概率打分</translation>
    </message>
    <message>
        <location filename="../app/studio/prompt_editor.cpp" line="80"/>
        <source>Run the model on the prompt (Ctrl+R)</source>
        <translation>在提示上运行模型（Ctrl+R）</translation>
    </message>
</context>
<context>
    <name>gna::studio::RankingScores</name>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="71"/>
        <source>attribution estimate (logit difference)</source>
        <translation>归因估计（logit 差）</translation>
    </message>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="79"/>
        <source>exact drop in log-probability (baseline − ablated)</source>
        <translation>对数概率的精确下降（基线 − 消融）</translation>
    </message>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="82"/>
        <source>exact drop in accuracy (baseline − ablated)</source>
        <translation>准确率的精确下降（基线 − 消融）</translation>
    </message>
    <message>
        <location filename="../app/studio/ranking_scores.cpp" line="83"/>
        <source>exact drop in %1 (baseline − ablated)</source>
        <translation>%1 的精确下降（基线 − 消融）</translation>
    </message>
</context>
<context>
    <name>gna::studio::ServerLink</name>
    <message>
        <location filename="../app/studio/server_link.cpp" line="101"/>
        <source>ssh: %1</source>
        <translation>ssh：%1</translation>
    </message>
</context>
<context>
    <name>gna::studio::ServerMenu</name>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="52"/>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="57"/>
        <source>Server %1 (%2)</source>
        <translation>服务器 %1（%2）</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="69"/>
        <source>Could not connect to the server</source>
        <translation>无法连接到服务器</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="72"/>
        <source>Server %1 (%2) · %3 ms</source>
        <translation>服务器 %1（%2）· %3 毫秒</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="76"/>
        <source>Server %1: connection lost</source>
        <translation>服务器 %1：连接已断开</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="78"/>
        <source>Connection to the server lost</source>
        <translation>与服务器的连接已断开</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="79"/>
        <source>%1

%2Nothing you saved is lost. Connect again with File ▸ Connect to server; a running experiment resumes from its saved samples when you start it again.</source>
        <translation>%1

%2已保存的内容不会丢失。请用 文件 ▸ 连接到服务器 重新连接；正在运行的实验再次启动时会从已保存的样本继续。</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="108"/>
        <source>Co&amp;nnect to server…</source>
        <translation>连接到服务器(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="112"/>
        <source>Disconnec&amp;t from server</source>
        <translation>断开服务器连接(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="110"/>
        <source>Open model on ser&amp;ver…</source>
        <translation>在服务器上打开模型(&amp;V)…</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="82"/>
        <source>The open model runs on that server: its runs fail until you connect again, which opens it there again. </source>
        <translation>当前模型运行在该服务器上：在重新连接之前它的运行都会失败；重新连接时会在那里再次打开它。</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="133"/>
        <source>Open model on server</source>
        <translation>在服务器上打开模型</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="134"/>
        <source>Checkpoint folder on %1:</source>
        <translation>%1 上的检查点文件夹：</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="158"/>
        <source>this computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="163"/>
        <source>%1 (%2, %3 free)</source>
        <translation>%1（%2，可用 %3）</translation>
    </message>
    <message>
        <location filename="../app/studio/server_menu.cpp" line="165"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>gna::studio::Workspace</name>
    <message>
        <location filename="../app/studio/workspace.cpp" line="131"/>
        <location filename="../app/studio/workspace.cpp" line="136"/>
        <source>Cannot write the workspace file %1: %2</source>
        <translation>无法写入工作区文件 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/workspace.cpp" line="145"/>
        <source>Cannot open the workspace file %1: %2</source>
        <translation>无法打开工作区文件 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/workspace.cpp" line="152"/>
        <source>The workspace file %1 is not valid JSON (%2 at byte %3).</source>
        <translation>工作区文件 %1 不是有效的 JSON（第 %3 字节处：%2）。</translation>
    </message>
    <message>
        <location filename="../app/studio/workspace.cpp" line="158"/>
        <source>The file %1 is not a G&amp;A Studio workspace.</source>
        <translation>文件 %1 不是 G&amp;A Studio 工作区。</translation>
    </message>
</context>
<context>
    <name>gna::views</name>
    <message>
        <location filename="../views/figure_export.cpp" line="227"/>
        <location filename="../views/figure_export.cpp" line="235"/>
        <source>Could not write the PDF file %1.</source>
        <translation>无法写入 PDF 文件 %1。</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="251"/>
        <location filename="../views/figure_export.cpp" line="256"/>
        <source>Could not write the SVG file %1.</source>
        <translation>无法写入 SVG 文件 %1。</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="276"/>
        <source>Could not write the PNG file %1.</source>
        <translation>无法写入 PNG 文件 %1。</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="419"/>
        <location filename="../views/figure_export.cpp" line="421"/>
        <source>Could not write the CSV file %1.</source>
        <translation>无法写入 CSV 文件 %1。</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="429"/>
        <source>Nothing to export: %1</source>
        <translation>没有可导出的内容：%1</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="447"/>
        <source>Could not create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../views/figure_export.cpp" line="463"/>
        <source>Skipped the empty figures: %1.</source>
        <translation>已跳过空图表：%1。</translation>
    </message>
</context>
<context>
    <name>gna::views::AblationCurve</name>
    <message>
        <location filename="../views/ablation_curve.cpp" line="19"/>
        <source>Ablation curve</source>
        <translation>消融曲线</translation>
    </message>
    <message>
        <location filename="../views/ablation_curve.cpp" line="25"/>
        <location filename="../views/ablation_curve.cpp" line="123"/>
        <source>Run the experiment (or open a result) to draw this curve</source>
        <translation>运行实验（或打开结果）以绘制此曲线</translation>
    </message>
</context>
<context>
    <name>gna::views::AttentionHeatmap</name>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="66"/>
        <location filename="../views/attention_heatmap.cpp" line="196"/>
        <source>Attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="73"/>
        <source>Key token</source>
        <translation>键词元</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="74"/>
        <source>Query token</source>
        <translation>查询词元</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="78"/>
        <source>Attention heatmap</source>
        <translation>注意力热图</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="79"/>
        <source>Scroll to zoom, drag to pan, double-click to reset the view</source>
        <translation>滚动缩放，拖动平移，双击重置视图</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="85"/>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="195"/>
        <source>Weight difference</source>
        <translation>权重差</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="195"/>
        <source>Hidden attention difference</source>
        <translation>隐藏注意力差</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="197"/>
        <source>Hidden attention (larger |a| in the end colours)</source>
        <translation>隐藏注意力（更大的 |a| 显示为端点颜色）</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="198"/>
        <source>Hidden attention</source>
        <translation>隐藏注意力</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="285"/>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="289"/>
        <source>“%1” after “%2”</source>
        <translation>“%2”之后的“%1”</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="318"/>
        <source>last row: entropy %1 bits, max %2 on %3</source>
        <translation>最后一行：熵 %1 比特，最大值 %2 在 %3</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="320"/>
        <source>colour: signed a; last row as |a| / Σ|a|: entropy %1 bits, max %2 on %3</source>
        <translation>颜色：带符号的 a；最后一行按 |a| / Σ|a|：熵 %1 比特，最大值 %2 在 %3</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="321"/>
        <source>last row as a / Σa: entropy %1 bits, max %2 on %3</source>
        <translation>最后一行按 a / Σa：熵 %1 比特，最大值 %2 在 %3</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="351"/>
        <source>masked: key after the query (causal)</source>
        <translation>已屏蔽：键在查询之后（因果）</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="352"/>
        <source>Weight %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <location filename="../views/attention_heatmap.cpp" line="353"/>
        <source>Query %1 “%2”
Key %3 “%4”
%5</source>
        <translation>查询 %1“%2”
键 %3“%4”
%5</translation>
    </message>
</context>
<context>
    <name>gna::views::FigureExportDialog</name>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="71"/>
        <source>Transparent background</source>
        <translation>透明背景</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="72"/>
        <source>&amp;Paper colours (white background)</source>
        <translation>纸张配色（白色背景）(&amp;P)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="74"/>
        <location filename="../views/figure_dialogs.cpp" line="147"/>
        <source>Export figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>PDF (vector)</source>
        <translation>PDF（矢量）</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>SVG (vector)</source>
        <translation>SVG（矢量）</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>PNG (bitmap)</source>
        <translation>PNG（位图）</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="75"/>
        <source>CSV (data)</source>
        <translation>CSV（数据）</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="79"/>
        <source> in</source>
        <translation> 英寸</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="86"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="91"/>
        <source>Fi&amp;gure:</source>
        <translation>图(&amp;G)：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="93"/>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="98"/>
        <source>Draw the figure with a white background and dark text and axes, whatever the theme on screen; clear it to keep the colours on screen.</source>
        <translation>无论屏幕使用何种主题，都以白色背景、深色文字和深色坐标轴绘制图表；取消勾选则保留屏幕上的颜色。</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="101"/>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="158"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>gna::views::FigureSetDialog</name>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="168"/>
        <source>&amp;Paper colours (white background)</source>
        <translation>纸张配色（白色背景）(&amp;P)</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="169"/>
        <source>Transparent background</source>
        <translation>透明背景</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="170"/>
        <source>Export figure set</source>
        <translation>导出图集</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="172"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
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
        <translation>文件夹(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="190"/>
        <source>Every figure the window shows (maps, next-token chart, head board, experiment plots), each with a CSV of its data; tables as CSV and LaTeX.</source>
        <translation>窗口显示的每张图（注意力图、下一个词元图、头面板、实验图），各附其数据的 CSV；表格为 CSV 和 LaTeX。</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="194"/>
        <source>Formats:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="198"/>
        <source>Draw the figures with a white background and dark text and axes, whatever the theme on screen; clear it to keep the colours on screen.</source>
        <translation>无论屏幕主题如何，都以白色背景、深色文字和坐标轴绘制图；取消勾选则保留屏幕上的颜色。</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="208"/>
        <source>Export figure set into folder</source>
        <translation>将图集导出到文件夹</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="239"/>
        <source>Choose the folder the figures go into.</source>
        <translation>请选择存放图的文件夹。</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="243"/>
        <source>Tick at least one format (PDF, SVG or PNG).</source>
        <translation>请至少勾选一种格式（PDF、SVG 或 PNG）。</translation>
    </message>
</context>
<context>
    <name>gna::views::FigureSizeRows</name>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="24"/>
        <source>Single column (3.3 in)</source>
        <translation>单栏（3.3 英寸）</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="24"/>
        <source>Double column (6.9 in)</source>
        <translation>双栏（6.9 英寸）</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="24"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="28"/>
        <source> in</source>
        <translation> 英寸</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="49"/>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="50"/>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="51"/>
        <source>&amp;Height:</source>
        <translation>高度(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../views/figure_dialogs.cpp" line="52"/>
        <source>&amp;DPI (PNG):</source>
        <translation>DPI（PNG）(&amp;D)：</translation>
    </message>
</context>
<context>
    <name>gna::views::GatherAggregatePair</name>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="19"/>
        <source>Same colour range</source>
        <translation>统一颜色范围</translation>
    </message>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="20"/>
        <source>Log colour scale</source>
        <translation>对数颜色刻度</translation>
    </message>
    <message>
        <location filename="../views/gather_aggregate_pair.cpp" line="35"/>
        <source>Draw both maps on one colour range so their weights compare directly</source>
        <translation>两张图使用同一颜色范围，便于直接比较权重</translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoard</name>
    <message>
        <location filename="../views/head_board.cpp" line="36"/>
        <source>Head board</source>
        <translation>注意力头面板</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="38"/>
        <source>Layers x heads. Click a head to ablate it, drag to select a rectangle, arrows and Space from the keyboard, double-click to show its attention.</source>
        <translation>层 × 头。单击某个头将其消融，拖动可框选矩形区域，可用方向键和空格键操作，双击显示其注意力。</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="135"/>
        <location filename="../views/head_board.cpp" line="177"/>
        <location filename="../views/head_board.cpp" line="618"/>
        <location filename="../views/head_board_commands.cpp" line="48"/>
        <source>Toggle %1</source>
        <translation>切换 %1</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="147"/>
        <location filename="../views/head_board.cpp" line="620"/>
        <source>Ablate layer %1</source>
        <translation>消融第 %1 层</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="158"/>
        <source>Invert ablation</source>
        <translation>反转消融</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="161"/>
        <location filename="../views/head_board.cpp" line="624"/>
        <source>Restore all heads</source>
        <translation>恢复所有头</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board.cpp" line="180"/>
        <source>Restore %n head(s)</source>
        <translation>
            <numerusform>恢复 %n 个头</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board.cpp" line="181"/>
        <source>Ablate %n head(s)</source>
        <translation>
            <numerusform>消融 %n 个头</numerusform>
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
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="602"/>
        <source>Shown in the maps as the Gather head (G)</source>
        <translation>在图中显示为 Gather 头（G）</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="603"/>
        <source>Shown in the maps as the Aggregate head (A)</source>
        <translation>在图中显示为 Aggregate 头（A）</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="619"/>
        <source>Show attention of %1</source>
        <translation>显示 %1 的注意力</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="622"/>
        <source>Toggle selection</source>
        <translation>切换所选</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="623"/>
        <source>Invert</source>
        <translation>反转</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="626"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../views/head_board.cpp" line="627"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/head_board_commands.cpp" line="49"/>
        <source>Toggle %n head(s)</source>
        <translation>
            <numerusform>切换 %n 个头</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoardFigure</name>
    <message>
        <location filename="../views/head_board_figure.cpp" line="59"/>
        <source>SSM head</source>
        <translation>SSM 头</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="59"/>
        <source>Head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="59"/>
        <source>Head (H: attention, S: SSM)</source>
        <translation>头（H：注意力，S：SSM）</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="61"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="93"/>
        <source>no score</source>
        <translation>无分数</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="108"/>
        <source>Δ score</source>
        <translation>Δ 分数</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="108"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="111"/>
        <source>%1, SSM heads</source>
        <translation>%1，SSM 头</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="111"/>
        <source>%1, attention heads</source>
        <translation>%1，注意力头</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="125"/>
        <source>Head (H: attention, S: SSM; hatched: no such head in the layer)</source>
        <translation>头（H：注意力，S：SSM；斜线：该层没有此类头）</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="126"/>
        <source>%1 (hatched: no such head in the layer)</source>
        <translation>%1（斜线：该层没有此类头）</translation>
    </message>
    <message>
        <location filename="../views/head_board_figure.cpp" line="129"/>
        <source>Ablated heads</source>
        <translation>已消融的头</translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoardLegend</name>
    <message>
        <location filename="../views/head_board_legend.cpp" line="19"/>
        <source>Head board legend</source>
        <translation>头面板图例</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="36"/>
        <source>Colour: %1</source>
        <translation>颜色：%1</translation>
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
        <translation>斜线，未测量：%1</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="72"/>
        <source>✕ = ablated</source>
        <translation>✕ = 已消融</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="73"/>
        <source>◥ = SSM head</source>
        <translation>◥ = SSM 头</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="79"/>
        <source>G, A = shown heads</source>
        <translation>G, A = 当前显示的头</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="80"/>
        <source>G = shown Gather head</source>
        <translation>G = 当前显示的 Gather 头</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="81"/>
        <source>A = shown Aggregate head</source>
        <translation>A = 当前显示的 Aggregate 头</translation>
    </message>
    <message>
        <location filename="../views/head_board_legend.cpp" line="86"/>
        <source>▨ = no head</source>
        <translation>▨ = 此处无头</translation>
    </message>
</context>
<context>
    <name>gna::views::HeadBoardModel</name>
    <message>
        <location filename="../views/head_board_model.cpp" line="191"/>
        <source>Layer %1 has no SSM head %2</source>
        <translation>第 %1 层没有 SSM 头 %2</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="192"/>
        <source>Layer %1 has no attention head %2</source>
        <translation>第 %1 层没有注意力头 %2</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="210"/>
        <source> (SSM head)</source>
        <translation>（SSM 头）</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="210"/>
        <source> (attention head)</source>
        <translation>（注意力头）</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="212"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="220"/>
        <source> (hatched: not measured exactly)</source>
        <translation>（斜线：未精确测量）</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="221"/>
        <source>Ablated (output zeroed)</source>
        <translation>已消融（输出置零）</translation>
    </message>
    <message>
        <location filename="../views/head_board_model.cpp" line="221"/>
        <source>Active</source>
        <translation>启用</translation>
    </message>
</context>
<context>
    <name>gna::views::MaskEditor</name>
    <message>
        <location filename="../views/mask_editor.cpp" line="33"/>
        <source>Mask editor</source>
        <translation>掩码编辑器</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="35"/>
        <source>Click a token to mask or unmask it for the selected head. Struck-through tokens are masked; a framed token is an option&apos;s summary token (its last one): a Gather head condenses the option into it, an Aggregate head reads the options there.</source>
        <translation>点击词元，可针对所选的头屏蔽或取消屏蔽它。带删除线的词元已被屏蔽；带边框的词元是某个选项的摘要词元（其最后一个词元）：Gather 头把该选项浓缩到其中，Aggregate 头在那里读取各选项。</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="65"/>
        <source>Unmask token %1</source>
        <translation>取消屏蔽词元 %1</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="65"/>
        <source>Mask token %1</source>
        <translation>屏蔽词元 %1</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="72"/>
        <source>Keep only answer segments</source>
        <translation>仅保留答案片段</translation>
    </message>
    <message>
        <location filename="../views/mask_editor.cpp" line="76"/>
        <source>Keep only summary tokens</source>
        <translation>仅保留摘要词元</translation>
    </message>
</context>
<context>
    <name>gna::views::NextTokenChart</name>
    <message>
        <location filename="../views/next_token_chart.cpp" line="141"/>
        <source>Probability (%1 of %2 rows; enlarge to see all)</source>
        <translation>概率（显示 %2 行中的 %1 行；放大以查看全部）</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="21"/>
        <source>Next-token probabilities</source>
        <translation>下一个词元的概率</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="30"/>
        <source>Baseline (no ablation)</source>
        <translation>基线（无消融）</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="30"/>
        <source>Top next tokens (one token)</source>
        <translation>最可能的下一个词元（单个词元）</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="30"/>
        <source>Answer candidates (whole answer)</source>
        <translation>候选答案（完整答案）</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="31"/>
        <source>Top tokens</source>
        <translation>最可能词元</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="31"/>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="31"/>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="44"/>
        <location filename="../views/next_token_chart.cpp" line="137"/>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="50"/>
        <source>No prediction yet</source>
        <translation>尚无预测</translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="106"/>
        <source>␣ (space)</source>
        <translation>␣（空格）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/next_token_chart.cpp" line="106"/>
        <source>␣ (%n spaces)</source>
        <translation>
            <numerusform>␣（%n 个空格）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="109"/>
        <source>⏎ (newline)</source>
        <translation>⏎（换行）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/next_token_chart.cpp" line="109"/>
        <source>⏎ (%n newlines)</source>
        <translation><numerusform>⏎（%n 个换行）</numerusform></translation>
    </message>
    <message>
        <location filename="../views/next_token_chart.cpp" line="141"/>
        <source>Probability (%1 of %2 rows)</source>
        <translation>概率（显示 %2 行中的 %1 行）</translation>
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
        <translation>Cividis（色盲友好）</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="88"/>
        <source>Magma</source>
        <translation>Magma</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="90"/>
        <source>Greys (print)</source>
        <translation>灰度（打印）</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="92"/>
        <source>Red-yellow-green</source>
        <translation>红-黄-绿</translation>
    </message>
    <message>
        <location filename="../views/palettes.cpp" line="94"/>
        <source>Diverging (differences)</source>
        <translation>发散（差异）</translation>
    </message>
</context>
<context>
    <name>gna::views::ResultsTable</name>
    <message>
        <location filename="../views/results_table.cpp" line="113"/>
        <source>Results table</source>
        <translation>结果表</translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="114"/>
        <source>Run the experiment (or open a result) to fill this table</source>
        <translation>运行实验（或打开结果）以填充此表格</translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="194"/>
        <source>Copy selection</source>
        <translation>复制所选</translation>
    </message>
    <message>
        <location filename="../views/results_table.cpp" line="195"/>
        <source>Copy all</source>
        <translation>全部复制</translation>
    </message>
</context>
<context>
    <name>gna::views::RetrievalMap</name>
    <message>
        <location filename="../views/retrieval_map.cpp" line="15"/>
        <source>Retrieval map</source>
        <translation>检索图</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="29"/>
        <location filename="../views/retrieval_map.cpp" line="146"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="33"/>
        <location filename="../views/retrieval_map.cpp" line="139"/>
        <source>Context length (tokens)</source>
        <translation>上下文长度（词元）</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="34"/>
        <location filename="../views/retrieval_map.cpp" line="142"/>
        <source>Needle depth (%, 0 = start of the context)</source>
        <translation>针的深度（%，0 = 上下文开头）</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="41"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="45"/>
        <source>Run the experiment (or open a result) to fill this map</source>
        <translation>运行实验（或打开结果）以填充此图</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="67"/>
        <source>%1 lines, key on line %2%
not run</source>
        <translation>%1 行，键位于 %2% 处
未运行</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="71"/>
        <source>%1 lines, key on line %2%
Accuracy %3</source>
        <translation>%1 行，键位于 %2% 处
准确率 %3</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="72"/>
        <source>%1 lines, key on line %2%
Probability %3</source>
        <translation>%1 行，键位于 %2% 处
概率 %3</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="81"/>
        <source>Context %1 tokens, depth %2%
Score %3 / %4</source>
        <translation>上下文 %1 个词元，深度 %2%
分数 %3 / %4</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="139"/>
        <source>Dictionary size (key:value lines)</source>
        <translation>字典大小（键:值 行数）</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="140"/>
        <source>Key depth (%, 0 = first line)</source>
        <translation>键的深度（%，0 = 第一行）</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="143"/>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="145"/>
        <source>Probability of the right value</source>
        <translation>正确值的概率</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="157"/>
        <source>%1 (mean accuracy %2)</source>
        <translation>%1（平均准确率 %2）</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="158"/>
        <source>%1 (mean probability %2)</source>
        <translation>%1（平均概率 %2）</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="161"/>
        <source>Mean score %1</source>
        <translation>平均分 %1</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="162"/>
        <source>%1 (mean score %2)</source>
        <translation>%1（平均分 %2）</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="78"/>
        <source>Context %1 tokens, depth %2%
not run</source>
        <translation>上下文 %1 个词元，深度 %2%
未运行</translation>
    </message>
    <message>
        <location filename="../views/retrieval_map.cpp" line="141"/>
        <source>Needle depth (%, 0 = end of the context)</source>
        <translation>针的深度（%，0 = 上下文末尾）</translation>
    </message>
</context>
<context>
    <name>gna::views::TokenStrip</name>
    <message>
        <location filename="../views/token_strip.cpp" line="14"/>
        <source>Prompt tokens</source>
        <translation>提示词元</translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="15"/>
        <source>No prompt tokens yet</source>
        <translation>尚无提示词元</translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="91"/>
        <source>Token %1: “%2”</source>
        <translation>词元 %1：“%2”</translation>
    </message>
    <message>
        <location filename="../views/token_strip.cpp" line="93"/>
        <source>Weight %1</source>
        <translation>权重 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/studio/main.cpp" line="42"/>
        <source>G&amp;A Studio: see and test Gather &amp; Aggregate heads</source>
        <translation>G&amp;A Studio：观察并测试 Gather 与 Aggregate 头</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="46"/>
        <source>Model folder or workspace file to open</source>
        <translation>要打开的模型文件夹或工作区文件</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="49"/>
        <source>Workspace file (.gna.json) to restore</source>
        <translation>要恢复的工作区文件（.gna.json）</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="50"/>
        <location filename="../app/studio/main.cpp" line="56"/>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="54"/>
        <source>Write the figures of the workspace FILE into OUT_DIR (the first argument) and exit</source>
        <translation>将工作区文件 &lt;文件&gt; 中的图表写入 OUT_DIR（第一个参数）并退出</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="58"/>
        <source>Figure formats: pdf,svg,png (default: all)</source>
        <translation>图表格式：pdf,svg,png（默认：全部）</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="59"/>
        <source>LIST</source>
        <translation>列表</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="61"/>
        <source>PNG resolution (default: 300)</source>
        <translation>PNG 分辨率（默认：300）</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="62"/>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="65"/>
        <source>Figure width: single (3.3 in), double (6.9 in) or inches</source>
        <translation>图表宽度：single（3.3 英寸）、double（6.9 英寸）或英寸数</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="66"/>
        <source>WIDTH</source>
        <translation>宽度</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="75"/>
        <source>--export-figures needs one output folder: gna-studio --export-figures WORKSPACE OUT_DIR</source>
        <translation>--export-figures 需要一个输出文件夹：gna-studio --export-figures WORKSPACE OUT_DIR</translation>
    </message>
</context>
</TS>
