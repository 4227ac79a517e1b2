<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ImportReport</name>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%1 meshes, %2 triangles, %3 materials, %4 textures</source>
        <translation>Мешей: %1, треугольников: %2, материалов: %3, текстур: %4</translation>
    </message>
    <message>
        <source>Winding:</source>
        <translation>Порядок обхода:</translation>
    </message>
    <message>
        <source>%1 components, %2 flipped (%3 faces, %4% of the area)</source>
        <translation>компонент: %1, перевёрнуто: %2 (граней: %3, %4% площади)</translation>
    </message>
    <message>
        <source>Base colour per material:</source>
        <translation>Базовый цвет по материалам:</translation>
    </message>
    <message>
        <source>glTF extensions:</source>
        <translation>Расширения glTF:</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Предупреждения:</translation>
    </message>
</context>
<context>
    <name>schema</name>
    <message>
        <source>Import</source>
        <translation>Импорт</translation>
    </message>
    <message>
        <source>Normalise</source>
        <translation>Нормализовать</translation>
    </message>
    <message>
        <source>Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded</source>
        <translation>Масштабировать модель и поместить её в куб с ребром «Ребро куба» с центром в начале координат; масштаб и смещение сохраняются</translation>
    </message>
    <message>
        <source>Cube edge</source>
        <translation>Ребро куба</translation>
    </message>
    <message>
        <source>model units</source>
        <translation>ед. модели</translation>
    </message>
    <message>
        <source>Edge of the normalisation cube; the pipeline&apos;s camera radius 3.2 assumes 1.6</source>
        <translation>Ребро куба нормализации; радиус камеры конвейера 3,2 рассчитан на 1,6</translation>
    </message>
    <message>
        <source>Repair winding</source>
        <translation>Исправлять обход</translation>
    </message>
    <message>
        <source>Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)</source>
        <translation>Переворачивать связные компоненты, у которых взвешенные по площади нормали направлены к центру модели (PIPELINE §1)</translation>
    </message>
    <message>
        <source>Small texture warning</source>
        <translation>Предупреждение о малой текстуре</translation>
    </message>
    <message>
        <source>px</source>
        <translation>пикс.</translation>
    </message>
    <message>
        <source>Warn when a base-colour texture covering a large part of the model is smaller than this on a side</source>
        <translation>Предупреждать, если текстура базового цвета, покрывающая значительную часть модели, меньше этого размера по стороне</translation>
    </message>
    <message>
        <source>Demo asset</source>
        <translation>Демо-ассет</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Зерно</translation>
    </message>
    <message>
        <source>Random seed: plate styles, paint and which plates are wound inward</source>
        <translation>Зерно генератора случайных чисел: стиль пластин, окраска и то, какие пластины обращены внутрь</translation>
    </message>
    <message>
        <source>Plates</source>
        <translation>Пластины</translation>
    </message>
    <message>
        <source>Open plate components in the whole model (each its own connected component)</source>
        <translation>Число открытых пластин во всей модели (каждая — отдельная связная компонента)</translation>
    </message>
    <message>
        <source>Texture size</source>
        <translation>Размер текстуры</translation>
    </message>
    <message>
        <source>Edge of the square base-colour texture</source>
        <translation>Сторона квадратной текстуры базового цвета</translation>
    </message>
    <message>
        <source>Inverted share</source>
        <translation>Доля перевёрнутых</translation>
    </message>
    <message>
        <source>Share of plates with reversed (inward) winding, as generated models have</source>
        <translation>Доля пластин с обратным (внутрь) порядком обхода, как у сгенерированных моделей</translation>
    </message>
    <message>
        <source>Atlas margin</source>
        <translation>Отступ в атласе</translation>
    </message>
    <message>
        <source>Padding around each plate&apos;s cell of the texture atlas</source>
        <translation>Отступ вокруг ячейки каждой пластины в текстурном атласе</translation>
    </message>
</context>
<context>
    <name>sw::editor::MainWindow</name>
    <message>
        <source>Splatwright</source>
        <translation>Splatwright</translation>
    </message>
    <message>
        <source>Viewport</source>
        <translation>Вьюпорт</translation>
    </message>
    <message>
        <source>Re-import</source>
        <translation>Импортировать заново</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Импорт</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Сгенерировать</translation>
    </message>
    <message>
        <source>Demo drone</source>
        <translation>Демо-дрон</translation>
    </message>
    <message>
        <source>Open a model to see its import report.</source>
        <translation>Откройте модель, чтобы увидеть отчёт об импорте.</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>Отчёт об импорте</translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation>&amp;Открыть модель…</translation>
    </message>
    <message>
        <source>Open &amp;Demo Drone</source>
        <translation>Открыть &amp;демо-дрон</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Orbit Camera</source>
        <translation>&amp;Орбитальная камера</translation>
    </message>
    <message>
        <source>&amp;Turntable Camera</source>
        <translation>&amp;Камера-поворотный стол</translation>
    </message>
    <message>
        <source>&amp;Grey Background</source>
        <translation>&amp;Серый фон</translation>
    </message>
    <message>
        <source>&amp;Black Background</source>
        <translation>&amp;Чёрный фон</translation>
    </message>
    <message>
        <source>&amp;Reset View</source>
        <translation>С&amp;бросить вид</translation>
    </message>
    <message>
        <source>&amp;About Splatwright</source>
        <translation>&amp;О программе Splatwright</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Недавние файлы</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Не удалось открыть модель</translation>
    </message>
    <message>
        <source>Cannot open the demo drone</source>
        <translation>Не удалось открыть демо-дрон</translation>
    </message>
    <message>
        <source>Cannot generate the demo drone</source>
        <translation>Не удалось сгенерировать демо-дрон</translation>
    </message>
    <message>
        <source>Generating the demo drone</source>
        <translation>Генерация демо-дрона</translation>
    </message>
    <message>
        <source>%1 — Splatwright</source>
        <translation>%1 — Splatwright</translation>
    </message>
    <message>
        <source>About Splatwright</source>
        <translation>О программе Splatwright</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Turns textured game models into budgeted, destructible Gaussian-splat assets.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Превращает текстурированные игровые модели в разрушаемые ассеты из гауссовых сплатов с заданным бюджетом.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Открыть модель</translation>
    </message>
    <message>
        <source>Models (*.glb *.gltf *.fbx *.obj);;All files (*)</source>
        <translation>Модели (*.glb *.gltf *.fbx *.obj);;Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>sw::editor::ModelLoader</name>
    <message>
        <source>Importing %1</source>
        <translation>Импорт %1</translation>
    </message>
</context>
<context>
    <name>sw::editor::ModelStatus</name>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>%1 triangles</source>
        <translation>Треугольников: %1</translation>
    </message>
    <message>
        <source>%1 components</source>
        <translation>Компонент: %1</translation>
    </message>
    <message>
        <source>flipped: %1 components, %2 faces</source>
        <translation>перевёрнуто: компонент %1, граней %2</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>Нет модели</translation>
    </message>
    <message>
        <source>frame %1 ms</source>
        <translation>кадр %1 мс</translation>
    </message>
</context>
<context>
    <name>sw::editor::RecentFiles</name>
    <message>
        <source>Clear List</source>
        <translation>Очистить список</translation>
    </message>
</context>
<context>
    <name>sw::widgets::LogDock</name>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Отладка</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Информация</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Предупреждение</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>Show from:</source>
        <translation>Показывать от:</translation>
    </message>
</context>
<context>
    <name>sw::widgets::ParamPanel</name>
    <message>
        <source>Load preset…</source>
        <translation>Загрузить пресет…</translation>
    </message>
    <message>
        <source>Save preset…</source>
        <translation>Сохранить пресет…</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>По умолчанию</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>Пресеты (*.json)</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>Загрузка пресета</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>Сохранение пресета</translation>
    </message>
    <message>
        <source>Could not load preset %1:
%2</source>
        <translation>Не удалось загрузить пресет %1:
%2</translation>
    </message>
    <message>
        <source>Could not save preset %1:
%2</source>
        <translation>Не удалось сохранить пресет %1:
%2</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Пресет</translation>
    </message>
</context>
</TS>
